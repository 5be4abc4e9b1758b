// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutregistry.h"

#include "disk/diskpreset.h"
#include "textline.h"
#include "units.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLibrary>
#include <QPluginLoader>

namespace raidscope {
namespace {

constexpr int kApiVersion = 1;

QStringList& extraDirs()
{
    static QStringList dirs;
    return dirs;
}

QStringList stringList(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue& x : v.toArray())
        out << x.toString().toLower();
    return out;
}

std::optional<SchemeInfo> schemeFromMetaData(const QJsonObject& md, QString* why)
{
    SchemeInfo s;
    s.id = md.value(QStringLiteral("Id")).toString().toLower();
    s.name = md.value(QStringLiteral("Name")).toString();
    s.description = md.value(QStringLiteral("Description")).toString();
    s.aliases = stringList(md.value(QStringLiteral("Aliases")));
    s.minDisks = md.value(QStringLiteral("MinDisks")).toInt(1);
    s.maxDisks = md.value(QStringLiteral("MaxDisks")).toInt(256);
    s.faultTolerance = md.value(QStringLiteral("FaultTolerance")).toInt(0);
    if (s.id.isEmpty()) {
        *why = QStringLiteral("metadata has no \"Id\"");
        return std::nullopt;
    }
    for (const QJsonValue& v : md.value(QStringLiteral("Variants")).toArray()) {
        const QJsonObject o = v.toObject();
        VariantInfo vi;
        vi.id = o.value(QStringLiteral("Id")).toString().toLower();
        vi.name = o.value(QStringLiteral("Name")).toString(vi.id);
        vi.aliases = stringList(o.value(QStringLiteral("Aliases")));
        vi.isDefault = o.value(QStringLiteral("Default")).toBool();
        s.variants << vi;
    }
    for (const QJsonValue& v : md.value(QStringLiteral("Parameters")).toArray()) {
        const QJsonObject o = v.toObject();
        s.parameters << ParameterInfo { o.value(QStringLiteral("Key")).toString(),
            o.value(QStringLiteral("Description")).toString(), o.value(QStringLiteral("Min")).toInt(0),
            o.value(QStringLiteral("Max")).toInt(0) };
    }
    return s;
}

QString names(const QStringList& ids)
{
    return ids.join(QStringLiteral(", "));
}

} // namespace

const VariantInfo* SchemeInfo::findVariant(const QString& idOrAlias) const
{
    const QString key = idOrAlias.toLower();
    for (const VariantInfo& v : variants)
        if (v.id == key || v.aliases.contains(key))
            return &v;
    return nullptr;
}

const VariantInfo* SchemeInfo::defaultVariant() const
{
    for (const VariantInfo& v : variants)
        if (v.isDefault)
            return &v;
    return variants.isEmpty() ? nullptr : &variants.front();
}

const ParameterInfo* SchemeInfo::findParameter(const QString& key) const
{
    for (const ParameterInfo& p : parameters)
        if (p.key == key)
            return &p;
    return nullptr;
}

LayoutRegistry::LayoutRegistry() = default;

LayoutRegistry::~LayoutRegistry()
{
    // Plugins stay loaded for the life of the process: layouts created from them may outlive us.
    qDeleteAll(m_loaders);
}

LayoutRegistry& LayoutRegistry::instance()
{
    static LayoutRegistry* registry = [] {
        auto* r = new LayoutRegistry; // never destroyed: layouts may live until exit
        r->load(defaultSearchDirs());
        return r;
    }();
    return *registry;
}

void LayoutRegistry::addSearchDir(const QString& dir)
{
    extraDirs().append(dir);
}

QStringList LayoutRegistry::defaultSearchDirs()
{
    QStringList dirs = extraDirs();
    const QString env = qEnvironmentVariable("RAIDSCOPE_PLUGIN_PATH");
    if (!env.isEmpty())
        dirs << env.split(QDir::listSeparator(), Qt::SkipEmptyParts);
    if (QCoreApplication::instance())
        dirs << QDir::cleanPath(QCoreApplication::applicationDirPath() + u'/' + QStringLiteral(RAIDSCOPE_PLUGIN_RELDIR));
    return dirs;
}

void LayoutRegistry::load(const QStringList& dirs)
{
    for (const QString& dirPath : dirs) {
        m_searched << dirPath;
        const QDir dir(dirPath);
        for (const QFileInfo& fi : dir.entryInfoList(QDir::Files, QDir::Name)) {
            if (!QLibrary::isLibrary(fi.fileName()))
                continue;
            const QString path = fi.absoluteFilePath();
            auto* loader = new QPluginLoader(path);
            const QJsonObject md = loader->metaData();
            auto refuse = [&](const QString& reason) {
                m_refusals << PluginRefusal { path, reason };
                delete loader;
            };
            if (md.value(QStringLiteral("IID")).toString() != QLatin1String(RaidScopeLayoutFactory_iid)) {
                refuse(md.isEmpty() ? QStringLiteral("not a Qt plugin")
                                    : QStringLiteral("interface %1, expected %2")
                                          .arg(md.value(QStringLiteral("IID")).toString(),
                                              QStringLiteral(RaidScopeLayoutFactory_iid)));
                continue;
            }
            const QJsonObject meta = md.value(QStringLiteral("MetaData")).toObject();
            const int api = meta.value(QStringLiteral("ApiVersion")).toInt(-1);
            if (api != kApiVersion) {
                refuse(QStringLiteral("API version %1, expected %2").arg(api).arg(kApiVersion));
                continue;
            }
            QString why;
            auto scheme = schemeFromMetaData(meta, &why);
            if (!scheme) {
                refuse(why);
                continue;
            }
            QStringList names = scheme->aliases;
            names.prepend(scheme->id);
            const SchemeInfo* clash = nullptr;
            for (const QString& n : names)
                if (!clash)
                    clash = find(n);
            if (clash) {
                refuse(QStringLiteral("scheme '%1' is already provided by %2").arg(scheme->id, clash->file));
                continue;
            }
            if (!loader->instance() || !qobject_cast<LayoutFactory*>(loader->instance())) {
                refuse(QStringLiteral("cannot load: %1").arg(loader->errorString()));
                continue;
            }
            scheme->file = path;
            m_schemes << *scheme;
            m_loaders << loader;
        }
    }
}

QStringList LayoutRegistry::ids() const
{
    QStringList out;
    for (const SchemeInfo& s : m_schemes)
        out << s.id;
    return out;
}

const SchemeInfo* LayoutRegistry::find(const QString& idOrAlias) const
{
    const QString key = idOrAlias.toLower();
    for (const SchemeInfo& s : m_schemes)
        if (s.id == key || s.aliases.contains(key))
            return &s;
    return nullptr;
}

std::optional<ResolvedArray> LayoutRegistry::resolve(const ArraySpec& spec, QString* error) const
{
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const SchemeInfo* scheme = find(spec.scheme);
    if (!scheme) {
        if (m_schemes.isEmpty())
            return fail(QStringLiteral("unknown scheme '%1': no layout plugins were found (searched: %2)")
                            .arg(excerpt(spec.scheme), names(m_searched)));
        return fail(QStringLiteral("unknown scheme '%1' (known: %2)").arg(excerpt(spec.scheme), names(ids())));
    }
    ResolvedArray r;
    r.scheme = scheme;
    r.spec = spec;
    r.spec.scheme = scheme->id;

    if (scheme->variants.isEmpty()) {
        if (!spec.variant.isEmpty())
            return fail(QStringLiteral("%1 has no layout variants, got layout=%2").arg(scheme->id, spec.variant));
    } else {
        const VariantInfo* v = spec.variant.isEmpty() ? scheme->defaultVariant() : scheme->findVariant(spec.variant);
        if (!v) {
            QStringList known;
            for (const VariantInfo& vi : scheme->variants)
                known << (vi.aliases.isEmpty() ? vi.id : vi.id + QStringLiteral(" (") + vi.aliases.join(u'/') + u')');
            return fail(QStringLiteral("unknown %1 layout '%2' (known: %3)").arg(scheme->id, spec.variant, names(known)));
        }
        r.spec.variant = v->id;
        r.params.variant = v->id;
    }

    const int disks = spec.disks.value_or(0);
    if (disks < scheme->minDisks || disks > scheme->maxDisks)
        return fail(QStringLiteral("%1 needs disks from %2 to %3, got %4")
                        .arg(scheme->id)
                        .arg(scheme->minDisks)
                        .arg(scheme->maxDisks)
                        .arg(disks));
    r.params.disks = disks;

    if (spec.blockBytes == 0 || spec.blockBytes % 512 != 0)
        return fail(QStringLiteral("block=%1 must be a non-zero multiple of 512B (a sector)").arg(formatBytes(spec.blockBytes)));
    if (spec.chunkBytes == 0)
        return fail(QStringLiteral("chunk=0B: a chunk must hold at least one block (block=%1)").arg(formatBytes(spec.blockBytes)));
    if (spec.chunkBytes % spec.blockBytes != 0)
        return fail(QStringLiteral("chunk=%1 is not a multiple of block=%2")
                        .arg(formatBytes(spec.chunkBytes), formatBytes(spec.blockBytes)));
    r.params.chunkBytes = spec.chunkBytes;
    r.params.blockBytes = spec.blockBytes;

    if (spec.copies) {
        const ParameterInfo* p = scheme->findParameter(QStringLiteral("copies"));
        if (!p)
            return fail(QStringLiteral("%1 takes no key 'copies'").arg(scheme->id));
        const int max = p->max > 0 ? p->max : disks;
        if (*spec.copies < p->min || *spec.copies > std::min(max, disks))
            return fail(QStringLiteral("%1 needs copies from %2 to %3 with %4 disks, got %5")
                            .arg(scheme->id)
                            .arg(p->min)
                            .arg(std::min(max, disks))
                            .arg(disks)
                            .arg(*spec.copies));
        r.params.copies = *spec.copies;
    }

    for (auto it = spec.extra.begin(); it != spec.extra.end(); ++it) {
        if (simulationKeys().contains(it.key()))
            continue; // the simulator's, checked where it parses them
        if (!scheme->findParameter(it.key())) {
            QStringList known { QStringLiteral("disks"), QStringLiteral("chunk"), QStringLiteral("block"),
                QStringLiteral("layout"), QStringLiteral("disk"), QStringLiteral("size") };
            for (const ParameterInfo& p : scheme->parameters)
                known << p.key;
            known << simulationKeys();
            return fail(QStringLiteral("unknown key '%1' for %2 (known: %3)").arg(excerpt(it.key()), scheme->id, names(known)));
        }
        r.params.extra.insert(it.key(), it.value());
    }

    const DiskPreset* preset = findDiskPreset(spec.diskPreset);
    if (!preset) {
        QStringList known;
        for (const DiskPreset& p : diskPresets())
            known << p.id;
        return fail(QStringLiteral("unknown disk preset '%1' (known: %2)%3")
                        .arg(spec.diskPreset, names(known), unknownPresetNote(spec.diskPreset)));
    }
    const std::uint64_t memberBytes = spec.sizeBytes.value_or(preset->capacityBytes);
    // Whole chunks only, as md rounds each member down to its chunk size.
    const std::uint64_t chunks = memberBytes / spec.chunkBytes;
    if (chunks == 0)
        return fail(QStringLiteral("size=%1 is smaller than one chunk (%2)")
                        .arg(formatBytes(memberBytes), formatBytes(spec.chunkBytes)));
    r.params.diskBlocks = chunks * r.params.chunkBlocks();
    return r;
}

std::unique_ptr<Layout> LayoutRegistry::create(const ArraySpec& spec, QString* error) const
{
    const auto resolved = resolve(spec, error);
    if (!resolved)
        return nullptr;
    const int index = int(resolved->scheme - m_schemes.constData());
    auto* factory = qobject_cast<LayoutFactory*>(m_loaders.at(index)->instance());
    return factory->create(resolved->params, error);
}

std::unique_ptr<Layout> LayoutRegistry::create(const QString& specText, QString* error) const
{
    const auto spec = parseArraySpec(specText, error);
    return spec ? create(*spec, error) : nullptr;
}

} // namespace raidscope
