// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliargs.h"

#include "commands.h"
#include "numberrange.h"

#include "parallel.h"

#include <QCommandLineOption>

#include <cstdio>

namespace raidscope::cli {
namespace {

    // Words joined into lines of at most `width` characters (QCommandLineParser wraps only the options).
    QString wrapped(const QString& text, qsizetype width)
    {
        QString result, line;
        for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
                result += line + u'\n';
                line.clear();
            }
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
        }
        return result + line + u'\n';
    }

    QString dashed(const QString& name)
    {
        return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    }

} // namespace

CliArgs::CliArgs(QString command, QString synopsis, QString description)
    : m_command(std::move(command))
    , m_synopsis(std::move(synopsis))
    , m_description(std::move(description))
{
    // "-json" reads as "--json", not as -j -s -o -n; options may follow the positionals.
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    m_parser.addOption(QCommandLineOption(
        { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Shows this command's options.")));
    m_shown << QStringLiteral("--help");
}

CliArgs& CliArgs::option(const QString& name, const QString& valueName, const QString& description)
{
    m_parser.addOption(QCommandLineOption(name, description, valueName));
    m_shown << dashed(name);
    return *this;
}

CliArgs& CliArgs::listOption(const QString& name, const QString& valueName, const QString& description)
{
    m_lists << name;
    return option(name, valueName, description);
}

CliArgs& CliArgs::flag(const QString& name, const QString& description)
{
    m_parser.addOption(QCommandLineOption(name, description));
    m_shown << dashed(name);
    return *this;
}

CliArgs& CliArgs::hiddenOption(const QString& name, bool takesValue)
{
    QCommandLineOption o(name, QString(), takesValue ? QStringLiteral("value") : QString());
    o.setFlags(QCommandLineOption::HiddenFromHelp);
    m_parser.addOption(o);
    return *this;
}

CliArgs& CliArgs::positionalHelp(const QString& name, const QString& description)
{
    m_parser.addPositionalArgument(name, description);
    return *this;
}

std::optional<int> CliArgs::parse(const QStringList& args)
{
    if (const auto done = parseArguments(args))
        return done;
    if (helpRequested()) {
        out(helpText());
        return Ok;
    }
    return std::nullopt;
}

std::optional<int> CliArgs::parseArguments(const QStringList& args)
{
    // QCommandLineParser skips the first argument, the program name.
    if (!m_parser.parse(QStringList { m_command } + args)) {
        const QStringList unknown = m_parser.unknownOptionNames();
        if (!unknown.isEmpty()) {
            return fail(QStringLiteral("%1: unknown option %2 (known: %3; see raidscope-cli %1 --help)")
                            .arg(m_command, dashed(unknown.front()), m_shown.join(QStringLiteral(", "))),
                Usage);
        }
        // "Missing value after '--array'." and the like.
        QString why = m_parser.errorText();
        if (why.endsWith(u'.'))
            why.chop(1);
        if (!why.isEmpty())
            why[0] = why[0].toLower();
        return fail(QStringLiteral("%1: %2").arg(m_command, why), Usage);
    }
    // Given twice, an option used to be silently the last one (and a flag silently once): now it
    // is said, unless the option is a list.
    QStringList seen;
    for (const QString& name : m_parser.optionNames()) {
        if (m_allowRepeats || name == u"h" || name == u"help" || m_lists.contains(name))
            continue;
        if (seen.contains(name))
            return fail(QStringLiteral("%1: %2 is given twice; give it once").arg(m_command, dashed(name)), Usage);
        seen << name;
    }
    if (m_noArguments && !m_parser.positionalArguments().isEmpty())
        return fail(QStringLiteral("%1: unexpected argument '%2' (it takes none; see raidscope-cli %1 --help)")
                        .arg(m_command, m_parser.positionalArguments().front()),
            Usage);
    return std::nullopt;
}

QString CliArgs::value(const QString& name, const QString& fallback) const
{
    const QStringList v = m_parser.values(name);
    return v.isEmpty() ? fallback : v.back();
}

std::optional<qint64> CliArgs::integer(
    const QString& name, qint64 min, qint64 max, qint64 fallback, QString* error) const
{
    if (!has(name))
        return fallback;
    QString range;
    const auto v = parseIntegerInRange<qint64>(value(name), min, max, &range);
    if (!v)
        *error = QStringLiteral("--%1 %2: expected a whole number %3").arg(name, value(name), range);
    return v;
}

std::optional<quint64> CliArgs::unsignedInteger(const QString& name, quint64 fallback, QString* error) const
{
    if (!has(name))
        return fallback;
    QString range;
    const auto v = parseIntegerInRange<quint64>(value(name), 0, ~quint64(0), &range);
    if (!v)
        *error = QStringLiteral("--%1 %2: expected a whole number %3").arg(name, value(name), range);
    return v;
}

std::optional<double> CliArgs::number(
    const QString& name, const QString& what, double min, double max, double fallback, QString* error) const
{
    if (!has(name))
        return fallback;
    QString range;
    const auto v = parseNumberInRange(value(name), min, max, &range);
    if (!v)
        *error = QStringLiteral("--%1 %2: expected %3 %4").arg(name, value(name), what, range);
    return v;
}

std::optional<int> CliArgs::jobs(QString* error) const
{
    if (!has(QStringLiteral("jobs")))
        return 0;
    QString why;
    const auto n = parseJobs(value(QStringLiteral("jobs")), &why);
    if (!n)
        *error = QStringLiteral("--jobs: ") + why;
    return n;
}

QString CliArgs::helpText() const
{
    // QCommandLineParser's first line names the executable as started and puts [options] before
    // the subcommand; ours reads as the command is typed. Its options follow from the blank line on.
    const QString parsers = m_parser.helpText();
    return QStringLiteral("Usage: raidscope-cli %1 [options]%2%3\n\n")
               .arg(m_command, m_synopsis.isEmpty() ? QString() : QStringLiteral(" "), m_synopsis)
        + wrapped(m_description, 79) + parsers.mid(parsers.indexOf(u'\n') + 1);
}

} // namespace raidscope::cli
