// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"

namespace raidscope::cli {

std::optional<CliArgs> CliArgs::parse(const QStringList& args, const QStringList& valueOptions,
                                      const QStringList& flags, QString* error)
{
    CliArgs out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (!a.startsWith(QLatin1String("--")) || a == u"--") {
            out.m_positional << a;
            continue;
        }
        QString name = a.mid(2);
        QString value;
        const qsizetype eq = name.indexOf(u'=');
        const bool inlineValue = eq >= 0;
        if (inlineValue) {
            value = name.mid(eq + 1);
            name = name.left(eq);
        }
        if (flags.contains(name) && !inlineValue) {
            out.m_flags << name;
        } else if (valueOptions.contains(name)) {
            if (!inlineValue) {
                if (i + 1 >= args.size()) {
                    *error = QStringLiteral("option --%1 needs a value").arg(name);
                    return std::nullopt;
                }
                value = args[++i];
            }
            out.m_values[name] << value;
        } else {
            QStringList known;
            for (const QString& o : valueOptions + flags)
                known << QStringLiteral("--") + o;
            *error = QStringLiteral("unknown option --%1 (known: %2)").arg(name, known.join(QStringLiteral(", ")));
            return std::nullopt;
        }
    }
    return out;
}

QString CliArgs::value(const QString& name, const QString& fallback) const
{
    const QStringList v = m_values.value(name);
    return v.isEmpty() ? fallback : v.back();
}

} // namespace raidscope::cli
