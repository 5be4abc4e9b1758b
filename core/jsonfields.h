// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>

namespace raidscope {

/// "a number", "a string", "null", ... for messages.
QString jsonTypeName(const QJsonValue& v);

/// Reads typed fields of a JSON document and keeps the first problem, named by its path in the
/// document ("steps.pairs[3].ratio", "streams[1].request_rate"). After a problem every read returns
/// a default, so the caller checks once per object instead of after every field. The probe result
/// and the models' inputs are read with it.
class FieldReader
{
public:
    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    /// Keeps `path: what` as the error unless one is kept already (one line, whatever control
    /// characters the file's keys and values hold).
    void fail(const QString& path, const QString& what);

    static QString join(const QString& path, const QString& key);
    static QString item(const QString& path, qsizetype i) { return path + u'[' + QString::number(i) + u']'; }

    QJsonValue value(const QJsonObject& o, const QString& path, const QString& key);
    QJsonObject object(const QJsonObject& o, const QString& path, const QString& key);
    QJsonObject asObject(const QJsonValue& v, const QString& path);
    QJsonArray array(const QJsonObject& o, const QString& path, const QString& key);
    QString string(const QJsonObject& o, const QString& path, const QString& key);
    bool boolean(const QJsonObject& o, const QString& path, const QString& key);
    QStringList strings(const QJsonObject& o, const QString& path, const QString& key);

    /// A measurement. Writers put NaN and infinities as null (RFC 8259 has no such numbers), so
    /// null reads back as NaN.
    double number(const QJsonObject& o, const QString& path, const QString& key);
    double asNumber(const QJsonValue& v, const QString& path);
    /// A finite number in [lo, hi] (an input, not a measurement: null, NaN and infinity refused);
    /// `lo` itself refused when `openLow`.
    double finite(const QJsonObject& o, const QString& path, const QString& key, double lo,
                  double hi = std::numeric_limits<double>::max(), bool openLow = false);
    double asFinite(const QJsonValue& v, const QString& path, double lo, double hi = std::numeric_limits<double>::max(),
                    bool openLow = false);

    /// A whole number in [lo, hi]: counts, sizes in blocks or bytes, disk numbers.
    qint64 whole(const QJsonObject& o, const QString& path, const QString& key, qint64 lo,
                 qint64 hi = std::numeric_limits<qint64>::max());
    qint64 asWhole(const QJsonValue& v, const QString& path, qint64 lo, qint64 hi = std::numeric_limits<qint64>::max());
    std::uint64_t count(const QJsonObject& o, const QString& path, const QString& key)
    {
        return std::uint64_t(whole(o, path, key, 0));
    }
    int integer(const QJsonObject& o, const QString& path, const QString& key, int lo)
    {
        return int(whole(o, path, key, lo, std::numeric_limits<int>::max()));
    }
    /// Fails on the first key of `o` not in `known` ("unknown key; expected one of ..."), so a
    /// misspelt input is not silently ignored.
    void onlyKeys(const QJsonObject& o, const QString& path, const QStringList& known);

private:
    void expected(const QString& path, const QString& what, const QJsonValue& v);

    QString m_error;
};

} // namespace raidscope
