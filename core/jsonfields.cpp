// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonfields.h"

#include "textline.h"

#include <cmath>

namespace raidscope {

QString jsonTypeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

void FieldReader::fail(const QString& path, const QString& what)
{
    if (m_error.isEmpty())
        m_error = oneLine(path + QStringLiteral(": ") + what);
}

QString FieldReader::join(const QString& path, const QString& key)
{
    if (path.isEmpty())
        return key;
    return path + u'.' + key;
}

QJsonValue FieldReader::value(const QJsonObject& o, const QString& path, const QString& key)
{
    const auto it = o.constFind(key);
    if (it == o.constEnd()) {
        fail(join(path, key), QStringLiteral("missing"));
        return {};
    }
    return *it;
}

QJsonObject FieldReader::object(const QJsonObject& o, const QString& path, const QString& key)
{
    return asObject(value(o, path, key), join(path, key));
}

QJsonObject FieldReader::asObject(const QJsonValue& v, const QString& path)
{
    if (!failed() && !v.isObject())
        expected(path, QStringLiteral("an object"), v);
    return v.toObject();
}

QJsonArray FieldReader::array(const QJsonObject& o, const QString& path, const QString& key)
{
    const QJsonValue v = value(o, path, key);
    if (!failed() && !v.isArray())
        expected(join(path, key), QStringLiteral("an array"), v);
    return v.toArray();
}

QString FieldReader::string(const QJsonObject& o, const QString& path, const QString& key)
{
    const QJsonValue v = value(o, path, key);
    if (!failed() && !v.isString())
        expected(join(path, key), QStringLiteral("a string"), v);
    return v.toString();
}

bool FieldReader::boolean(const QJsonObject& o, const QString& path, const QString& key)
{
    const QJsonValue v = value(o, path, key);
    if (!failed() && !v.isBool())
        expected(join(path, key), QStringLiteral("true or false"), v);
    return v.toBool();
}

QStringList FieldReader::strings(const QJsonObject& o, const QString& path, const QString& key)
{
    QStringList out;
    const QJsonArray a = array(o, path, key);
    for (qsizetype i = 0; i < a.size() && !failed(); ++i) {
        if (!a[i].isString())
            expected(item(join(path, key), i), QStringLiteral("a string"), a[i]);
        out << a[i].toString();
    }
    return out;
}

double FieldReader::number(const QJsonObject& o, const QString& path, const QString& key)
{
    return asNumber(value(o, path, key), join(path, key));
}

double FieldReader::asNumber(const QJsonValue& v, const QString& path)
{
    if (failed())
        return 0;
    if (v.isNull())
        return std::numeric_limits<double>::quiet_NaN();
    if (!v.isDouble())
        expected(path, QStringLiteral("a number"), v);
    return v.toDouble();
}

double FieldReader::finite(const QJsonObject& o, const QString& path, const QString& key, double lo, double hi, bool openLow)
{
    return asFinite(value(o, path, key), join(path, key), lo, hi, openLow);
}

double FieldReader::asFinite(const QJsonValue& v, const QString& path, double lo, double hi, bool openLow)
{
    if (failed())
        return lo;
    if (!v.isDouble()) {
        expected(path, QStringLiteral("a number"), v);
        return lo;
    }
    const double x = v.toDouble();
    if (!std::isfinite(x) || x < lo || x > hi || (openLow && x == lo)) {
        const QString low = openLow ? QStringLiteral("above %1").arg(lo) : QStringLiteral("at least %1").arg(lo);
        fail(path, hi == std::numeric_limits<double>::max()
                ? QStringLiteral("%1 must be %2").arg(x).arg(low)
                : QStringLiteral("%1 must be %2 and at most %3").arg(x).arg(low).arg(hi));
        return lo;
    }
    return x;
}

qint64 FieldReader::whole(const QJsonObject& o, const QString& path, const QString& key, qint64 lo, qint64 hi)
{
    return asWhole(value(o, path, key), join(path, key), lo, hi);
}

qint64 FieldReader::asWhole(const QJsonValue& v, const QString& path, qint64 lo, qint64 hi)
{
    if (failed())
        return lo;
    // toInteger() falls back to its default for anything that is not a whole qint64: two different
    // defaults agree only for a real whole number.
    const qint64 n = v.toInteger(0);
    if (!v.isDouble()) {
        expected(path, QStringLiteral("a whole number"), v);
        return lo;
    }
    if (n != v.toInteger(1)) {
        fail(path, QStringLiteral("%1 is not a whole number").arg(v.toDouble()));
        return lo;
    }
    if (n < lo || n > hi) {
        fail(path, hi == std::numeric_limits<qint64>::max()
                ? QStringLiteral("%1 is below %2").arg(n).arg(lo)
                : QStringLiteral("%1 is outside %2..%3").arg(n).arg(lo).arg(hi));
        return lo;
    }
    return n;
}

void FieldReader::onlyKeys(const QJsonObject& o, const QString& path, const QStringList& known)
{
    for (auto it = o.constBegin(); it != o.constEnd() && !failed(); ++it)
        if (!known.contains(it.key()))
            fail(join(path, it.key()), QStringLiteral("unknown key; expected one of %1").arg(known.join(QStringLiteral(", "))));
}

void FieldReader::expected(const QString& path, const QString& what, const QJsonValue& v)
{
    fail(path, QStringLiteral("expected %1, found %2").arg(what, jsonTypeName(v)));
}

} // namespace raidscope
