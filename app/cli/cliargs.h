// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace raidscope::cli {

/// One subcommand's command line, parsed by QCommandLineParser: `--name VALUE` (or `--name=VALUE`)
/// options, `--flag`s, positionals, and `-h`/`--help`, which prints the subcommand's own options.
class CliArgs
{
public:
    /// `command` as typed ("probe", "trace replay"); `synopsis` the rest of its usage line.
    CliArgs(QString command, QString synopsis, QString description);
    CliArgs(const CliArgs&) = delete;
    CliArgs& operator=(const CliArgs&) = delete;

    /// An option that takes a value, given at most once: twice is a usage error (#52).
    CliArgs& option(const QString& name, const QString& valueName, const QString& description);
    /// An option that may be repeated (its help says so); `values()` has them all, in order.
    CliArgs& listOption(const QString& name, const QString& valueName, const QString& description);
    CliArgs& flag(const QString& name, const QString& description);
    /// An accepted option left out of this command's help (it does nothing here).
    CliArgs& hiddenOption(const QString& name, bool takesValue);
    /// The command takes no positional arguments: one given is a usage error, not dropped (#52).
    CliArgs& noArguments()
    {
        m_noArguments = true;
        return *this;
    }
    /// Repeated options are let be: for a first parse that only finds the subcommand, whose own
    /// parse then says what is given twice under the subcommand's name.
    CliArgs& allowRepeats()
    {
        m_allowRepeats = true;
        return *this;
    }
    /// A positional for the help's "Arguments" list.
    CliArgs& positionalHelp(const QString& name, const QString& description);

    /// Parses the arguments after the subcommand. nullopt: go on; otherwise the command is done
    /// with that exit status: Ok after --help (printed on stdout), Usage after a bad command line
    /// (one line on stderr naming the option and what is wrong): an unknown option, a missing value,
    /// an option or flag given twice that is no listOption().
    std::optional<int> parse(const QStringList& args);
    /// parse() without acting on --help: for a command that picks its subcommand first.
    std::optional<int> parseArguments(const QStringList& args);
    bool helpRequested() const { return m_parser.isSet(QStringLiteral("help")); }

    bool flag(const QString& name) const { return m_parser.isSet(name); }
    QString value(const QString& name, const QString& fallback = {}) const;
    QStringList values(const QString& name) const { return m_parser.values(name); }
    bool has(const QString& name) const { return m_parser.isSet(name); }
    QStringList positional() const { return m_parser.positionalArguments(); }

    /// --name as a whole number in [min, max], or `fallback` when not given; on a bad value an error
    /// that names the option, the value and the range.
    std::optional<qint64> integer(const QString& name, qint64 min, qint64 max, qint64 fallback, QString* error) const;
    std::optional<quint64> unsignedInteger(const QString& name, quint64 fallback, QString* error) const;
    /// --name as a finite number in [min, max] (core/numberrange.h), or `fallback` when not given; on
    /// a bad value "--name VALUE: expected WHAT from MIN to MAX", WHAT saying what it is ("a share").
    std::optional<double> number(const QString& name, const QString& what, double min, double max, double fallback,
                                 QString* error) const;
    /// --jobs N: the threads of a parallel job (an integer >= 1), or 0 (one per core) when not given.
    std::optional<int> jobs(QString* error) const;

    QString helpText() const;

private:
    QCommandLineParser m_parser;
    QString m_command;
    QString m_synopsis;
    QString m_description;
    QStringList m_shown; ///< the options the help lists, for the unknown-option message
    QStringList m_lists; ///< the options that may be repeated
    bool m_noArguments = false;
    bool m_allowRepeats = false;
};

} // namespace raidscope::cli
