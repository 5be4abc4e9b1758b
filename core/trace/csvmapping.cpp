// SPDX-License-Identifier: GPL-3.0-or-later
// A generic CSV's column mapping (CsvMapping): the Alibaba and Tencent presets and the text form
// `--columns` takes. The reader that applies it is in textreaders.cpp.
#include "linesource.h"
#include "tracereader.h"

#include "numberrange.h"

#include <QStringList>

#include <algorithm>
#include <utility>

namespace raidscope {

// A CSV mapping's column numbers (time=1:ms): as many as a line is split into (trace::Fields::kMax).
constexpr int kMaxCsvColumn = trace::Fields::kMax;

int CsvMapping::columns() const
{
    return std::max({ timeColumn, deviceColumn, opColumn, offsetColumn, sizeColumn, responseColumn });
}

CsvMapping alibabaCsvMapping()
{
    CsvMapping m;
    m.name = QStringLiteral("alibaba");
    m.deviceColumn = 1;
    m.opColumn = 2;
    m.offsetColumn = 3;
    m.sizeColumn = 4;
    m.timeColumn = 5;
    m.timeNsPerUnit = 1000;
    m.timeOrigin = QStringLiteral("Unix epoch");
    return m;
}

CsvMapping tencentCsvMapping()
{
    CsvMapping m;
    m.name = QStringLiteral("tencent");
    m.timeColumn = 1;
    m.offsetColumn = 2;
    m.sizeColumn = 3;
    m.opColumn = 4;
    m.deviceColumn = 5;
    m.timeNsPerUnit = 1000000000;
    m.offsetBytesPerUnit = 512;
    m.sizeBytesPerUnit = 512;
    m.op = CsvMapping::Op::ZeroRead;
    m.timeOrigin = QStringLiteral("Unix epoch");
    return m;
}

bool parseCsvMapping(const QString& text, CsvMapping* mapping, QString* error)
{
    if (text.compare(QStringLiteral("alibaba"), Qt::CaseInsensitive) == 0) {
        *mapping = alibabaCsvMapping();
        return true;
    }
    if (text.compare(QStringLiteral("tencent"), Qt::CaseInsensitive) == 0) {
        *mapping = tencentCsvMapping();
        return true;
    }
    CsvMapping m;
    m.name = QStringLiteral("custom");
    for (const QString& item : text.split(u',', Qt::SkipEmptyParts)) {
        const QString key = item.section(u'=', 0, 0).trimmed();
        const QString value = item.section(u'=', 1);
        if (key == u"header") { // "header" or header=1 (the first line is a header), header=0 (it is not)
            const QString v = value.trimmed().toLower();
            if (!item.contains(u'=') || v == u"1" || v == u"yes" || v == u"true")
                m.header = true;
            else if (v == u"0" || v == u"no" || v == u"false")
                m.header = false;
            else {
                *error = QStringLiteral("%1: header is 1 (the first line names the columns) or 0").arg(item);
                return false;
            }
            continue;
        }
        if (key == u"sep") {
            if (value.size() != 1 || value.front().unicode() > 127) {
                *error = QStringLiteral("sep=%1: one ASCII character").arg(value);
                return false;
            }
            m.separator = value == u"t" ? '\t' : char(value.front().unicode());
            continue;
        }
        const auto parsedColumn = parseIntegerInRange(value.section(u':', 0, 0), 1, kMaxCsvColumn, nullptr);
        const int column = parsedColumn.value_or(0);
        const QString unit = value.section(u':', 1);
        if (!parsedColumn) {
            *error = QStringLiteral("%1: column must be a number from 1 to %2").arg(item).arg(kMaxCsvColumn);
            return false;
        }
        auto timeUnit = [&](std::int64_t* ns) {
            static const std::pair<const char16_t*, std::int64_t> units[] = { { u"s", 1000000000 }, { u"ms", 1000000 },
                { u"us", 1000 }, { u"ns", 1 }, { u"filetime", 100 } };
            for (const auto& [name, n] : units)
                if (unit == QStringView(name)) {
                    *ns = n;
                    return true;
                }
            if (unit.isEmpty())
                return true;
            *error = QStringLiteral("%1: time unit must be s, ms, us, ns or filetime").arg(item);
            return false;
        };
        auto sizeUnit = [&](std::uint64_t* bytes) {
            if (unit.isEmpty() || unit == u"B")
                *bytes = 1;
            else if (unit == u"sector")
                *bytes = 512;
            else {
                *error = QStringLiteral("%1: unit must be B or sector").arg(item);
                return false;
            }
            return true;
        };
        if (key == u"time") {
            m.timeColumn = column;
            if (!timeUnit(&m.timeNsPerUnit))
                return false;
        } else if (key == u"response") {
            m.responseColumn = column;
            if (!timeUnit(&m.responseNsPerUnit))
                return false;
        } else if (key == u"offset") {
            m.offsetColumn = column;
            if (!sizeUnit(&m.offsetBytesPerUnit))
                return false;
        } else if (key == u"size") {
            m.sizeColumn = column;
            if (!sizeUnit(&m.sizeBytesPerUnit))
                return false;
        } else if (key == u"device") {
            m.deviceColumn = column;
        } else if (key == u"op") {
            m.opColumn = column;
            if (unit.isEmpty() || unit == u"RW")
                m.op = CsvMapping::Op::Letter;
            else if (unit == u"01")
                m.op = CsvMapping::Op::ZeroRead;
            else if (unit == u"10")
                m.op = CsvMapping::Op::OneRead;
            else {
                *error = QStringLiteral("%1: op convention must be RW, 01 (0 = read) or 10 (1 = read)").arg(item);
                return false;
            }
        } else {
            *error = QStringLiteral("%1: unknown key (time, device, op, offset, size, response, header, sep)").arg(item);
            return false;
        }
    }
    if (!m.offsetColumn || !m.sizeColumn || !m.opColumn) {
        *error = QStringLiteral("a CSV mapping needs at least offset=N, size=N and op=N");
        return false;
    }
    *mapping = m;
    return true;
}

} // namespace raidscope
