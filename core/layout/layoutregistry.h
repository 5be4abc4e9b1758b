// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "arrayspec.h"
#include "layout.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QPluginLoader;

namespace raidscope {

struct VariantInfo
{
    QString id;
    QString name;
    QStringList aliases;
    bool isDefault = false;
};

/// A parameter a plugin takes beyond the common ones (its JSON "Parameters").
struct ParameterInfo
{
    QString key;
    QString description;
    int min = 0;
    int max = 0; ///< 0: no upper bound
};

/// What a plugin's JSON metadata says about its scheme; read before the library is loaded.
struct SchemeInfo
{
    QString id;
    QString name;
    QString description;
    QStringList aliases;
    QList<VariantInfo> variants;
    QList<ParameterInfo> parameters;
    int minDisks = 1;
    int maxDisks = 256;
    int faultTolerance = 0;
    QString file;

    const VariantInfo* findVariant(const QString& idOrAlias) const;
    const VariantInfo* defaultVariant() const;
    const ParameterInfo* findParameter(const QString& key) const;
};

struct PluginRefusal
{
    QString file;
    QString reason;
};

/// A spec checked against its plugin: the canonical scheme and variant and the plugin's parameters.
struct ResolvedArray
{
    const SchemeInfo* scheme = nullptr;
    ArraySpec spec;      ///< scheme and variant canonical, copies filled when the scheme takes them
    ArrayParams params;
};

/// Finds layout plugins: --plugin-dir (addSearchDir), RAIDSCOPE_PLUGIN_PATH, then the plugin folder
/// next to the executable (the build tree mirrors the install tree). Checks each plugin's metadata
/// before loading it and keeps every refusal with its reason.
class LayoutRegistry
{
public:
    LayoutRegistry();
    ~LayoutRegistry();
    LayoutRegistry(const LayoutRegistry&) = delete;
    LayoutRegistry& operator=(const LayoutRegistry&) = delete;

    /// The process-wide registry, loaded on first use from the default search path.
    static LayoutRegistry& instance();
    /// Directories searched before the defaults (e.g. the CLI's --plugin-dir); call before instance().
    static void addSearchDir(const QString& dir);

    /// Scans `dirs` (in order; a scheme id found twice is refused the second time).
    void load(const QStringList& dirs);
    static QStringList defaultSearchDirs();

    QStringList ids() const;
    const QList<SchemeInfo>& schemes() const { return m_schemes; }
    const SchemeInfo* find(const QString& idOrAlias) const;
    const QList<PluginRefusal>& refusals() const { return m_refusals; }
    const QStringList& searchedDirs() const { return m_searched; }

    /// Checks a spec against its plugin's metadata; a one-line error naming the parameter otherwise.
    std::optional<ResolvedArray> resolve(const ArraySpec& spec, QString* error) const;
    std::unique_ptr<Layout> create(const ArraySpec& spec, QString* error) const;
    /// Parses and creates in one step.
    std::unique_ptr<Layout> create(const QString& specText, QString* error) const;

private:
    QList<SchemeInfo> m_schemes;
    QList<QPluginLoader*> m_loaders; // parallel to m_schemes
    QList<PluginRefusal> m_refusals;
    QStringList m_searched;
};

} // namespace raidscope
