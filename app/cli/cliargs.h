// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace raidscope::cli {

/// A subcommand's arguments: positionals, `--name value` options (repeatable) and `--flag`s.
class CliArgs
{
public:
    /// Parses `args` against the options that take a value and the flags the subcommand knows.
    static std::optional<CliArgs> parse(const QStringList& args, const QStringList& valueOptions,
                                        const QStringList& flags, QString* error);

    bool flag(const QString& name) const { return m_flags.contains(name); }
    QString value(const QString& name, const QString& fallback = {}) const;
    QStringList values(const QString& name) const { return m_values.value(name); }
    bool has(const QString& name) const { return m_values.contains(name); }
    const QStringList& positional() const { return m_positional; }

private:
    QStringList m_positional;
    QMap<QString, QStringList> m_values;
    QStringList m_flags;
};

} // namespace raidscope::cli
