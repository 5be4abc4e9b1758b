// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace raidscope {

/// The plain counts of a trace summary. Each is a sum over records, so the counts of two parts of
/// a trace add up to the counts of the whole (operator+=). A value type.
///
/// Adding a counter: a member here and a line in forEach(), which gives operator+=, operator== and
/// the summary's JSON; then count it where TraceAccumulator reads records.
struct TraceCounters
{
    std::uint64_t records = 0; ///< requests (not device-level completion records)
    std::uint64_t reads = 0;
    std::uint64_t writes = 0;
    std::uint64_t bytesRead = 0;
    std::uint64_t bytesWritten = 0;
    std::uint64_t completions = 0; ///< issue/completion pairs seen
    std::uint64_t zeroSize = 0;
    std::uint64_t outOfOrder = 0; ///< requests that arrived before an earlier record's time
    std::uint64_t pastAddressSpace = 0; ///< requests whose offset + size passes 2^63 bytes, a block device's largest size (a replay wraps them)
    std::uint64_t skipped = 0;    ///< malformed lines skipped

    /// Calls `f(section, key, member)` for every counter: the JSON object of the summary it goes in
    /// ("" for the top level), its JSON key, and the member.
    template<typename F>
    static constexpr void forEach(F&& f)
    {
        f("", "records", &TraceCounters::records);
        f("", "reads", &TraceCounters::reads);
        f("", "writes", &TraceCounters::writes);
        f("", "bytesRead", &TraceCounters::bytesRead);
        f("", "bytesWritten", &TraceCounters::bytesWritten);
        f("anomalies", "completions", &TraceCounters::completions);
        f("anomalies", "zeroSize", &TraceCounters::zeroSize);
        f("anomalies", "outOfOrder", &TraceCounters::outOfOrder);
        f("anomalies", "pastAddressSpace", &TraceCounters::pastAddressSpace);
        f("errors", "skipped", &TraceCounters::skipped);
    }

    TraceCounters& operator+=(const TraceCounters& o)
    {
        forEach([&](const char*, const char*, auto member) { this->*member += o.*member; });
        return *this;
    }
    friend TraceCounters operator+(TraceCounters a, const TraceCounters& b) { return a += b; }
    bool operator==(const TraceCounters&) const = default;
};

} // namespace raidscope
