// SPDX-License-Identifier: GPL-3.0-or-later
#include "diskparameters.h"

#include "diskpreset.h"
#include "numberrange.h"

#include <QJsonArray>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace raidscope {

namespace {

// A host delay in a preset (ms after a read or a write): finite, at most a minute.
constexpr double kMaxHostMs = 60'000;

    class Reader
    {
    public:
        Reader(const QJsonObject& json, QString id)
            : m_json(json)
            , m_id(std::move(id))
        { }

        bool ok() const { return m_error.isEmpty(); }
        const QString& error() const { return m_error; }
        void fail(const QString& what)
        {
            if (m_error.isEmpty())
                m_error = QStringLiteral("disk preset '%1': %2").arg(m_id, what);
        }
        bool has(const QJsonObject& o, const char* key) const { return o.contains(QLatin1String(key)); }
        double number(const QJsonObject& o, const char* key, bool positive = true)
        {
            const QJsonValue v = o.value(QLatin1String(key));
            if (!v.isDouble()) {
                fail(QStringLiteral("'%1' must be a number").arg(QLatin1String(key)));
                return 0;
            }
            const double d = v.toDouble();
            if (!std::isfinite(d) || (positive ? !(d > 0) : !(d >= 0)))
                fail(QStringLiteral("'%1' must be %2, got %3")
                         .arg(QLatin1String(key), positive ? QStringLiteral("> 0") : QStringLiteral(">= 0"))
                         .arg(d));
            return d;
        }
        double signedNumber(const QJsonObject& o, const char* key, double fallback)
        {
            if (!has(o, key))
                return fallback;
            const QJsonValue v = o.value(QLatin1String(key));
            if (!v.isDouble() || !std::isfinite(v.toDouble()))
                fail(QStringLiteral("'%1' must be a number").arg(QLatin1String(key)));
            return v.toDouble();
        }
        double optionalNumber(const QJsonObject& o, const char* key, double fallback)
        {
            return has(o, key) ? number(o, key, false) : fallback;
        }
        int integer(const QJsonObject& o, const char* key, bool positive = true)
        {
            const double d = number(o, key, positive);
            const auto n = wholeIfFits<int>(d);
            if (!n) {
                fail(QStringLiteral("'%1' must be a whole number, got %2").arg(QLatin1String(key)).arg(d));
                return 0;
            }
            return *n;
        }
        SeekFigures seek(const QJsonObject& o)
        {
            SeekFigures s;
            s.shortBelowCylinders = integer(o, "shortBelowCylinders");
            s.shortMinMs = number(o, "shortMinMs");
            s.shortMaxMs = number(o, "shortMaxMs");
            s.longMinMs = number(o, "longMinMs");
            s.longMaxMs = number(o, "longMaxMs");
            if (ok() && (s.shortBelowCylinders < 2 || s.shortMaxMs < s.shortMinMs || s.longMaxMs < s.longMinMs))
                fail(QStringLiteral("seek figures must rise with distance and shortBelowCylinders must be >= 2"));
            // An optional measured table [[cylinders, ms], ...] (DiskSim's extracted curve), distances rising from 1.
            const QJsonArray table = o.value(QStringLiteral("table")).toArray();
            for (qsizetype i = 0; i < table.size() && ok(); ++i) {
                const QJsonArray point = table[i].toArray();
                const double d = point.size() == 2 ? point[0].toDouble(-1) : -1, ms = point.size() == 2 ? point[1].toDouble(-1) : -1;
                const int previous = s.table.empty() ? 0 : s.table.back().distanceCylinders;
                if (!(d >= 1 && d <= 2e9 && d == std::floor(d) && int(d) > previous && std::isfinite(ms) && ms >= 0))
                    fail(QStringLiteral("seek table point %1 must be [cylinders, ms]: whole cylinders rising from 1, ms 0 or more")
                             .arg(i + 1));
                else
                    s.table.push_back({ int(d), ms });
            }
            return s;
        }
        const QJsonObject& json() const { return m_json; }

    private:
        QJsonObject m_json;
        QString m_id;
        QString m_error;
    };

    // The smallest whole number of sectors whose passage covers a switch: what a drive's format uses
    // so that a sequential transfer does not lose a revolution at a track boundary.
    // nullopt when that many sectors pass an int (a switch of 1e300 ms): refused, not converted (#52).
    std::optional<int> skewCovering(double switchMs, double rotationMs, int sectorsPerTrack)
    {
        return integerIfFits<int>(std::ceil(switchMs / (rotationMs / sectorsPerTrack) - 1e-9));
    }

    void parseMechanical(Reader& r, DiskParameters& p)
    {
        const QJsonObject& o = r.json();
        if (r.has(o, "rotationMs"))
            p.rotationMs = r.number(o, "rotationMs");
        else if (r.has(o, "rpm"))
            p.rotationMs = 60000.0 / r.number(o, "rpm");
        else
            r.fail(QStringLiteral("needs 'rotationMs' or 'rpm'"));
        p.headSwitchMs = r.number(o, "headSwitchMs", false);
        p.cylinderSwitchMs = r.number(o, "cylinderSwitchMs", false);
        // Any sign: DiskSim's Add. write settling delay may be negative (dec_rz26, hp_c2490a), a write settling
        // sooner than a read; the positioning it shortens stays >= 0 (diskmodel.cpp).
        p.writeSettleMs = r.signedNumber(o, "writeSettleMs", 0);
        const int heads = r.integer(o, "heads");
        if (!r.ok())
            return;

        const QJsonArray zones = o.value(QStringLiteral("zones")).toArray();
        if (zones.isEmpty())
            return r.fail(QStringLiteral("'zones' must list at least one zone"));
        std::vector<ZoneSpec> specs;
        int cylinder = 0;
        __int128 diskSectors = 0;
        for (const QJsonValue& v : zones) {
            const QJsonObject z = v.toObject();
            ZoneSpec s;
            s.cylinders = r.integer(z, "cylinders");
            s.sectorsPerTrack = r.integer(z, "sectorsPerTrack");
            if (!r.ok())
                return;
            if (r.has(z, "firstCylinder") && r.integer(z, "firstCylinder", false) != cylinder)
                return r.fail(QStringLiteral("zone firstCylinder %1, expected %2 (zones must be contiguous)")
                                  .arg(z.value(QStringLiteral("firstCylinder")).toInt())
                                  .arg(cylinder));
            // A zone's own skew, else the disk's, else the smallest skew that covers the switch.
            auto skew = [&](const char* key, double switchMs) {
                if (r.has(z, key))
                    return r.integer(z, key, false);
                if (r.has(o, key))
                    return r.integer(o, key, false);
                const auto covering = skewCovering(switchMs, p.rotationMs, s.sectorsPerTrack);
                if (!covering)
                    r.fail(QStringLiteral("'%1' unset, and a switch of %2 ms covers more sectors than an int holds")
                               .arg(QLatin1String(key))
                               .arg(switchMs));
                return covering.value_or(0);
            };
            s.trackSkewSectors = skew("trackSkewSectors", p.headSwitchMs);
            s.cylinderSkewSectors = skew("cylinderSkewSectors", p.cylinderSwitchMs);
            // DiskSim's band within the zone and its sparing (see ZoneSpec).
            auto optionalInt = [&](const char* key, int fallback) {
                return r.has(z, key) ? r.integer(z, key, false) : fallback;
            };
            s.dataCylinderOffset = optionalInt("dataCylinderOffset", 0);
            s.dataCylinders = optionalInt("dataCylinders", 0);
            s.firstBlockSectors = optionalInt("firstBlockSectors", -1);
            s.deadSectors = optionalInt("deadSectors", 0);
            s.spares = optionalInt("spares", 0);
            for (const QJsonValue& slip : z.value(QStringLiteral("slips")).toArray()) {
                const auto n = slip.isDouble() ? wholeIfFits<int>(slip.toDouble()) : std::nullopt;
                if (!n || *n < 0)
                    return r.fail(QStringLiteral("zone slips must be whole numbers >= 0"));
                s.slips.push_back(*n);
            }
            if (!r.ok())
                return;
            if (std::int64_t(s.dataCylinderOffset) + (s.dataCylinders > 0 ? s.dataCylinders : 1) > s.cylinders)
                return r.fail(QStringLiteral("zone dataCylinderOffset + dataCylinders exceed its %1 cylinders")
                                  .arg(s.cylinders));
            // cylinders x heads x sectors per track, and the disk's sum of them, in bytes an int64
            // holds; the cylinders in an int (#52: three ints multiplied in an int overflowed).
            const __int128 zoneSectors = __int128(s.cylinders) * heads * s.sectorsPerTrack;
            diskSectors += zoneSectors;
            if (diskSectors * __int128(std::max(1, p.sectorBytes)) > INT64_MAX)
                return r.fail(QStringLiteral("zone %1 cylinders x %2 heads x %3 sectors per track takes the disk past "
                                             "2^63 bytes")
                                  .arg(s.cylinders)
                                  .arg(heads)
                                  .arg(s.sectorsPerTrack));
            if (std::int64_t(cylinder) + s.cylinders > std::numeric_limits<int>::max())
                return r.fail(QStringLiteral("the zones' cylinders add up past %1").arg(std::numeric_limits<int>::max()));
            if (s.deadSectors >= zoneSectors)
                return r.fail(QStringLiteral("zone deadSectors %1 fill the zone").arg(s.deadSectors));
            cylinder += s.cylinders;
            specs.push_back(s);
        }
        if (!r.ok())
            return;
        SparingSpec sparing;
        if (r.has(o, "sparing")) {
            static const char* const names[] = { "none", "track", "sectorsPerCylinder", "sectorsPerTrack",
                "sectorsPerCylinderSlipToEnd", "sectorsPerCylinderAtFront", "sectorsPerCylinderAtFrontSlipToEnd",
                "sectorsAtEnd", "sectorsPerRange", "sectorsPerZone", "sectorsPerZoneSlipToEnd" };
            const QJsonObject sj = o.value(QStringLiteral("sparing")).toObject();
            const QString name = sj.value(QStringLiteral("scheme")).toString();
            int scheme = -1;
            for (int i = 0; i < int(std::size(names)); ++i)
                if (name == QLatin1String(names[i]))
                    scheme = i;
            if (scheme < 0)
                return r.fail(QStringLiteral("sparing scheme '%1' unknown").arg(name));
            sparing.scheme = SparingScheme(scheme);
            if (r.has(sj, "rangeCylinders"))
                sparing.rangeCylinders = r.integer(sj, "rangeCylinders");
            if (!r.ok())
                return;
        }
        p.geometry = DiskGeometry(heads, p.sectorBytes, specs, sparing);
        for (const DiskZone& z : p.geometry.zones())
            if (z.sectors == 0)
                return r.fail(QStringLiteral("a zone holds no data after spares and dead space"));
        if (p.geometry.cylinders() < 2)
            return r.fail(QStringLiteral("needs at least 2 cylinders"));

        p.readSeek = r.seek(o.value(QStringLiteral("seek")).toObject());
        if (r.has(o, "writeSeek"))
            p.writeSeek = r.seek(o.value(QStringLiteral("writeSeek")).toObject());
        if (r.ok() && p.readSeek.shortBelowCylinders >= p.geometry.cylinders() - 1)
            return r.fail(QStringLiteral("seek shortBelowCylinders must be below the full stroke (%1 cylinders)")
                              .arg(p.geometry.cylinders() - 1));

        if (r.has(o, "cache")) {
            const QJsonObject c = o.value(QStringLiteral("cache")).toObject();
            p.cache.segments = r.integer(c, "segments", false);
            p.cache.segmentSectors = r.integer(c, "segmentSectors", false);
            p.cache.readAheadSectors = r.integer(c, "readAheadSectors", false);
            p.cache.writeCacheEnabled = c.value(QStringLiteral("writeCacheEnabled")).toBool(false);
            if (r.has(c, "readAhead")) {
                const QString mode = c.value(QStringLiteral("readAhead")).toString();
                if (mode == QLatin1String("nextTrack"))
                    p.cache.readAheadToTrackEnd = true;
                else if (mode == QLatin1String("trackEnd"))
                    p.cache.readAheadStopsAtTrackEnd = true;
                else if (mode != QLatin1String("sectors"))
                    r.fail(QStringLiteral("cache readAhead must be \"sectors\", \"nextTrack\" or \"trackEnd\", got '%1'")
                               .arg(mode));
            }
            if (r.ok() && p.cache.readAheadSectors > p.cache.segmentSectors)
                r.fail(QStringLiteral("cache readAheadSectors must not exceed segmentSectors"));
        }
        if (r.has(o, "host")) {
            const QJsonObject h = o.value(QStringLiteral("host")).toObject();
            DiskHostTiming& t = p.host;
            t.enabled = true;
            t.readMsPerSector = r.number(h, "readMsPerSector");
            t.writeMsPerSector = r.optionalNumber(h, "writeMsPerSector", t.readMsPerSector);
            auto pair = [&](const char* key, double* out) {
                if (!r.has(h, key))
                    return;
                const QJsonArray a = h.value(QLatin1String(key)).toArray();
                if (a.size() != 2 || !checkNumberInRange(a[0].toDouble(-1), 0, kMaxHostMs, nullptr)
                    || !checkNumberInRange(a[1].toDouble(-1), 0, kMaxHostMs, nullptr))
                    return r.fail(QStringLiteral("host '%1' must be [after a read, after a write], two numbers of ms from 0 to %2")
                                      .arg(QLatin1String(key))
                                      .arg(kMaxHostMs));
                out[0] = a[0].toDouble();
                out[1] = a[1].toDouble();
            };
            pair("readHitMs", t.readHitMs);
            pair("readMissMs", t.readMissMs);
            pair("writeHitMs", t.writeHitMs);
            pair("writeMissMs", t.writeMissMs);
            pair("readDisconnectMs", t.readDisconnectMs);
            t.readCompleteMs = r.optionalNumber(h, "readCompleteMs", 0);
            t.writeCompleteMs = r.optionalNumber(h, "writeCompleteMs", 0);
            t.dataPrepMs = r.optionalNumber(h, "dataPrepMs", 0);
            t.reselectMs = r.optionalNumber(h, "reselectMs", 0);
            t.writeDisconnectMs = r.optionalNumber(h, "writeDisconnectMs", 0);
            t.readWatermark = r.optionalNumber(h, "readWatermark", 0);
            t.extraWriteDisconnect = h.value(QStringLiteral("extraWriteDisconnect")).toBool(false);
            t.minimumWriteSeekMs = r.optionalNumber(h, "minimumWriteSeekMs", 0);
            t.readAheadOnIdleHit = h.value(QStringLiteral("readAheadOnIdleHit")).toBool(true);
            t.readHitsOnWriteData = h.value(QStringLiteral("readHitsOnWriteData")).toBool(true);
            t.combineSeqWrites = h.value(QStringLiteral("combineSeqWrites")).toBool(false);
            if (r.has(h, "readAheadStop")) {
                const QString stop = h.value(QStringLiteral("readAheadStop")).toString();
                if (stop == QLatin1String("atOnce"))
                    t.readAheadStop = DiskHostTiming::ReadAheadStop::AtOnce;
                else if (stop == QLatin1String("inSector"))
                    t.readAheadStop = DiskHostTiming::ReadAheadStop::InSector;
                else if (stop == QLatin1String("sectorEnd"))
                    t.readAheadStop = DiskHostTiming::ReadAheadStop::AtSectorEnd;
                else if (stop != QLatin1String("command"))
                    r.fail(QStringLiteral("host readAheadStop must be \"command\", \"atOnce\", \"inSector\" or "
                                          "\"sectorEnd\", got '%1'")
                               .arg(stop));
            }
            if (r.ok() && t.readWatermark > 1)
                r.fail(QStringLiteral("host 'readWatermark' must be a fraction in [0, 1]"));
        }
        if ((p.cache.segments > 0 || p.cache.writeCacheEnabled) && p.busMBps <= 0 && !p.host.enabled)
            r.fail(QStringLiteral("a disk with a cache needs 'busMBps'"));
    }

    void parseSolidState(Reader& r, DiskParameters& p)
    {
        const QJsonObject& o = r.json();
        const double sectors = r.number(o, "logicalSectors");
        const auto whole = wholeIfFits<std::int64_t>(sectors);
        if (!whole || __int128(*whole) * std::max(1, p.sectorBytes) > INT64_MAX)
            return r.fail(QStringLiteral("'logicalSectors' must be whole sectors of below 2^63 bytes in all, got %1").arg(sectors));
        p.logicalSectors = std::uint64_t(*whole);
        p.readLatencyMs = r.number(o, "readLatencyUs", false) / 1000.0;
        p.writeLatencyMs = r.number(o, "writeLatencyUs", false) / 1000.0;
        p.readMBps = r.number(o, "readMBps");
        p.writeMBps = r.number(o, "writeMBps");
    }

} // namespace

std::optional<DiskParameters> parseDiskParameters(const QJsonObject& json, QString* error)
{
    DiskParameters p;
    p.id = json.value(QStringLiteral("id")).toString();
    Reader r(json, p.id);
    if (p.id.isEmpty())
        r.fail(QStringLiteral("missing 'id'"));
    const double capacity = r.number(json, "capacityBytes");
    // Whole bytes below 2^63 (#52: 1e30 went through an overflowing conversion).
    if (const auto bytes = wholeIfFits<std::int64_t>(capacity))
        p.capacityBytes = std::uint64_t(*bytes);
    else if (r.ok())
        r.fail(QStringLiteral("'capacityBytes' must be whole bytes below 2^63, got %1").arg(capacity));
    p.sectorBytes = r.has(json, "sectorBytes") ? r.integer(json, "sectorBytes") : 512;
    p.commandOverheadMs = r.optionalNumber(json, "commandOverheadMs", 0);
    p.busMBps = r.optionalNumber(json, "busMBps", 0);
    const QString kind = json.value(QStringLiteral("kind")).toString(QStringLiteral("mechanical"));
    if (kind == QStringLiteral("ssd")) {
        p.kind = DiskParameters::Kind::SolidState;
        parseSolidState(r, p);
    } else if (kind == QStringLiteral("mechanical")) {
        parseMechanical(r, p);
    } else {
        r.fail(QStringLiteral("unknown kind '%1' (known: mechanical, ssd)").arg(kind));
    }
    if (r.ok()) {
        const std::uint64_t geometryBytes = p.kind == DiskParameters::Kind::SolidState
            ? p.logicalSectors * std::uint64_t(p.sectorBytes)
            : p.geometry.capacityBytes();
        if (geometryBytes != p.capacityBytes)
            r.fail(QStringLiteral("capacityBytes %1 differs from the geometry's %2")
                       .arg(p.capacityBytes)
                       .arg(geometryBytes));
    }
    if (!r.ok()) {
        if (error)
            *error = r.error();
        return std::nullopt;
    }
    return p;
}

std::optional<DiskParameters> parseDiskParameters(const DiskPreset& preset, QString* error)
{
    return parseDiskParameters(preset.json, error);
}

} // namespace raidscope
