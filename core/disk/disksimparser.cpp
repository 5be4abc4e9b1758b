// SPDX-License-Identifier: GPL-3.0-or-later
// The grammar of DiskSim's parameter language (disksimparams.h): top-level definitions, `source`,
// `instantiate` and `topology`, then blocks, lists and values; the lexer is disksimlexer.cpp.
#include "disksimparams.h"
#include "disksimparams_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cmath>

namespace raidscope {

namespace {

    using disksim::Cursor;
    using disksim::isWordChar;
    using disksim::looksNumeric;
    using disksim::setError;
    using disksim::where;

    QString word(const QByteArray& w) { return QString::fromUtf8(w); }

    class Parser
    {
    public:
        Parser(const DiskSimParseLimits& limits, DiskSimDocument& doc)
            : m_limits(limits)
            , m_doc(doc)
        { }

        QString error;

        // The top file: `at` empty, so problems opening it name the file alone.
        bool parseTopFile(const QString& path)
        {
            Cursor c;
            if (!load(path, QString(), QString(), &c))
                return false;
            return parseTop(c, 0);
        }

        bool parseTopText(const QByteArray& text, const QString& fileName)
        {
            if (text.size() > m_limits.maxFileBytes)
                return fail(QStringLiteral("%1: %2 bytes, more than the %3 a parameter file may have")
                                .arg(fileName)
                                .arg(text.size())
                                .arg(m_limits.maxFileBytes));
            m_totalBytes = text.size();
            Cursor c { text, fileName };
            const QFileInfo info(fileName);
            m_stack.append(info.exists() ? info.canonicalFilePath() : info.absoluteFilePath());
            m_doc.files.append(fileName);
            return parseTop(c, 0);
        }

    private:
        const DiskSimParseLimits& m_limits;
        DiskSimDocument& m_doc;
        QStringList m_stack; // canonical paths of the files being read, outermost first
        qint64 m_totalBytes = 0;

        bool fail(const QString& message)
        {
            if (error.isEmpty())
                error = message;
            return false;
        }
        bool failAt(const Cursor& c, const QString& message) { return fail(c.here() + QStringLiteral(": ") + message); }

        // Reads `path` into `out`; `at` is the "file:line" of the `source` that names it as `written` (both empty
        // for the top file).
        bool load(const QString& path, const QString& at, const QString& written, Cursor* out)
        {
            const QString prefix = at.isEmpty() ? path + QStringLiteral(": ") : at + QStringLiteral(": ");
            const QFileInfo info(path);
            if (!info.exists())
                return fail(prefix + QStringLiteral("cannot read '%1': no such file").arg(path));
            if (!info.isFile())
                return fail(prefix + QStringLiteral("cannot read '%1': not a regular file").arg(path));
            const QString canonical = info.canonicalFilePath();
            if (m_stack.contains(canonical)) {
                QStringList chain;
                for (const auto& f : std::as_const(m_stack))
                    chain.append(QFileInfo(f).fileName());
                chain.append(info.fileName());
                return fail(prefix
                    + QStringLiteral("source '%1' is an include cycle (%2)")
                          .arg(written.isEmpty() ? path : written, chain.join(QStringLiteral(" -> "))));
            }
            if (info.size() > m_limits.maxFileBytes)
                return fail(prefix
                    + QStringLiteral("'%1' is %2 bytes, more than the %3 a parameter file may have")
                          .arg(path)
                          .arg(info.size())
                          .arg(m_limits.maxFileBytes));
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return fail(prefix + QStringLiteral("cannot read '%1': %2").arg(path, f.errorString()));
            // The size may change under us: read at most one byte more than allowed.
            QByteArray text = f.read(m_limits.maxFileBytes + 1);
            if (text.size() > m_limits.maxFileBytes)
                return fail(prefix
                    + QStringLiteral("'%1' is more than the %2 bytes a parameter file may have")
                          .arg(path)
                          .arg(m_limits.maxFileBytes));
            m_totalBytes += text.size();
            if (m_totalBytes > m_limits.maxTotalBytes)
                return fail(prefix
                    + QStringLiteral("'%1' brings the files read to more than %2 bytes")
                          .arg(path)
                          .arg(m_limits.maxTotalBytes));
            *out = Cursor { std::move(text), path };
            m_stack.append(canonical);
            m_doc.files.append(path);
            return true;
        }

        // `source FILE`: the cursor stands after the keyword. Resolves FILE against the including file's directory.
        bool openInclude(Cursor& c, int includeDepth, Cursor* out)
        {
            c.skipSpace();
            const int line = c.line;
            QByteArray name;
            if (c.peek() == '"') {
                if (!readQuoted(c, &name))
                    return false;
            } else {
                name = c.readWord();
            }
            if (name.isEmpty())
                return failAt(c, QStringLiteral("expected a file name after 'source', found %1").arg(c.found()));
            const QString at = where(c.file, line);
            if (includeDepth + 1 > m_limits.maxIncludeDepth)
                return fail(at
                    + QStringLiteral(": source '%1' is nested more than %2 files deep")
                          .arg(word(name))
                          .arg(m_limits.maxIncludeDepth));
            const QString resolved = QDir(QFileInfo(c.file).path()).filePath(word(name));
            return load(resolved, at, word(name), out);
        }

        bool readQuoted(Cursor& c, QByteArray* out)
        {
            const int line = c.line;
            c.advance(); // the opening quote
            const qsizetype start = c.pos;
            while (!c.atEnd() && c.peek() != '"' && c.peek() != '\n')
                ++c.pos;
            if (c.peek() != '"')
                return fail(where(c.file, line) + QStringLiteral(": expected '\"' to close the string on this line"));
            *out = c.text.mid(start, c.pos - start);
            c.advance();
            return true;
        }

        bool parseTop(Cursor& c, int includeDepth)
        {
            for (;;) {
                c.skipSpace();
                if (c.atEnd())
                    break;
                const int line = c.line;
                const QByteArray w = c.readWord();
                if (w.isEmpty())
                    return failAt(c,
                        QStringLiteral("expected a block definition, 'source', 'instantiate' or 'topology', found %1")
                            .arg(c.found()));
                if (w == "source") {
                    Cursor inner;
                    if (!openInclude(c, includeDepth, &inner) || !parseTop(inner, includeDepth + 1))
                        return false;
                    m_stack.removeLast();
                } else if (w == "instantiate") {
                    if (!parseInstantiate(c, line))
                        return false;
                } else if (w == "topology") {
                    DiskSimTopologyNode node;
                    if (!parseTopologyNode(c, 0, node))
                        return false;
                    m_doc.topologies.push_back(std::move(node));
                } else {
                    DiskSimValue block;
                    if (!parseBlockAfterType(c, w, line, 0, includeDepth, block))
                        return false;
                    if (block.name.isEmpty())
                        return fail(where(c.file, line)
                            + QStringLiteral(": expected a name after '%1' (a top-level block is a definition)")
                                  .arg(word(w)));
                    for (const auto& b : std::as_const(m_doc.blocks)) {
                        if (b.name == block.name)
                            return fail(where(c.file, line)
                                + QStringLiteral(": '%1' is defined twice (first at %2)").arg(block.name, b.where()));
                    }
                    m_doc.blocks.push_back(std::move(block));
                }
            }
            return true;
        }

        bool expect(Cursor& c, char ch, const QString& what)
        {
            c.skipSpace();
            if (c.peek() != ch)
                return failAt(
                    c, QStringLiteral("expected '%1' %2, found %3").arg(QString(QLatin1Char(ch)), what, c.found()));
            c.advance();
            return true;
        }

        // instantiate [ a, b ] as NAME
        bool parseInstantiate(Cursor& c, int line)
        {
            DiskSimInstantiation inst;
            inst.file = c.file;
            inst.line = line;
            if (!expect(c, '[', QStringLiteral("after 'instantiate'")))
                return false;
            for (;;) {
                c.skipSpace();
                if (c.peek() == ']' && !inst.instances.isEmpty())
                    break;
                const QByteArray name = c.readWord();
                if (name.isEmpty())
                    return failAt(c, QStringLiteral("expected an instance name, found %1").arg(c.found()));
                inst.instances.append(word(name));
                c.skipSpace();
                if (c.peek() == ',') {
                    c.advance();
                    continue;
                }
                if (c.peek() != ']')
                    return failAt(
                        c, QStringLiteral("expected ',' or ']' in the instance list, found %1").arg(c.found()));
            }
            c.advance();
            c.skipSpace();
            if (c.readWord() != "as")
                return failAt(c, QStringLiteral("expected 'as' after the instance list"));
            c.skipSpace();
            const QByteArray def = c.readWord();
            if (def.isEmpty())
                return failAt(c, QStringLiteral("expected a definition name after 'as', found %1").arg(c.found()));
            inst.definition = word(def);
            m_doc.instantiations.push_back(std::move(inst));
            return true;
        }

        // type name [ child, child ... ]
        bool parseTopologyNode(Cursor& c, int nesting, DiskSimTopologyNode& node)
        {
            if (nesting >= m_limits.maxNesting)
                return failAt(c, QStringLiteral("topology nested more than %1 deep").arg(m_limits.maxNesting));
            c.skipSpace();
            node.file = c.file;
            node.line = c.line;
            const QByteArray type = c.readWord();
            if (type.isEmpty())
                return failAt(c, QStringLiteral("expected a component type in the topology, found %1").arg(c.found()));
            c.skipSpace();
            const QByteArray name = c.readWord();
            if (name.isEmpty())
                return failAt(
                    c, QStringLiteral("expected an instance name after '%1', found %2").arg(word(type), c.found()));
            node.typeName = word(type);
            node.name = word(name);
            if (!expect(c, '[', QStringLiteral("after '%1 %2'").arg(node.typeName, node.name)))
                return false;
            for (;;) {
                c.skipSpace();
                if (c.peek() == ']')
                    break;
                if (c.atEnd())
                    return failAt(c,
                        QStringLiteral("expected ']' to close '%1 %2' (opened at line %3), found end of file")
                            .arg(node.typeName, node.name)
                            .arg(node.line));
                DiskSimTopologyNode child;
                if (!parseTopologyNode(c, nesting + 1, child))
                    return false;
                node.children.push_back(std::move(child));
                c.skipSpace();
                if (c.peek() == ',')
                    c.advance();
            }
            c.advance();
            return true;
        }

        // After a block's type word: an optional name, then '{' entries '}'.
        bool parseBlockAfterType(
            Cursor& c, const QByteArray& type, int line, int nesting, int includeDepth, DiskSimValue& out)
        {
            out.kind = DiskSimValue::Kind::Block;
            out.file = c.file;
            out.line = line;
            out.typeName = word(type);
            c.skipSpace();
            if (c.peek() != '{') {
                const QByteArray name = c.readWord();
                if (name.isEmpty())
                    return failAt(
                        c, QStringLiteral("expected a name or '{' after '%1', found %2").arg(out.typeName, c.found()));
                out.name = word(name);
                if (!expect(c, '{', QStringLiteral("after '%1 %2'").arg(out.typeName, out.name)))
                    return false;
            } else {
                c.advance();
            }
            return parseBlockBody(c, nesting + 1, includeDepth, out);
        }

        bool parseBlockBody(Cursor& c, int nesting, int includeDepth, DiskSimValue& block)
        {
            if (nesting > m_limits.maxNesting)
                return failAt(c, QStringLiteral("blocks and lists nested more than %1 deep").arg(m_limits.maxNesting));
            const auto unclosed = [&] {
                return failAt(c,
                    QStringLiteral("expected '}' to close %1 (opened at line %2), found end of file")
                        .arg(block.blockLabel())
                        .arg(block.line));
            };
            for (;;) {
                c.skipSpace();
                if (c.peek() == '}')
                    break;
                if (c.atEnd())
                    return unclosed();
                // A key runs to '=' and may hold blanks and punctuation: "Segment size (in blks)".
                const int keyLine = c.line;
                const qsizetype start = c.pos;
                while (!c.atEnd()) {
                    const char ch = c.peek();
                    if (ch == '=' || ch == ',' || ch == '{' || ch == '}' || ch == '[' || ch == ']' || ch == '#'
                        || ch == '"' || ch == '\n')
                        break;
                    ++c.pos;
                }
                const QString key = QString::fromUtf8(c.text.mid(start, c.pos - start)).simplified();
                if (key.isEmpty())
                    return failAt(
                        c, QStringLiteral("expected a key or '}' in %1, found %2").arg(block.blockLabel(), c.found()));
                if (c.peek() != '=')
                    return failAt(c, QStringLiteral("expected '=' after '%1', found %2").arg(key, c.found()));
                c.advance();
                for (const auto& e : std::as_const(block.entries)) {
                    if (e.key == key)
                        return fail(where(c.file, keyLine)
                            + QStringLiteral(": '%1' appears twice in %2 (first at %3)")
                                  .arg(key, block.blockLabel(), e.value.where()));
                }
                DiskSimEntry entry { key, {} };
                if (!parseValue(c, nesting, includeDepth, QStringLiteral("after '%1 ='").arg(key), entry.value))
                    return false;
                block.entries.push_back(std::move(entry));
                c.skipSpace();
                if (c.peek() == ',') {
                    c.advance();
                    continue;
                }
                if (c.atEnd())
                    return unclosed();
                if (c.peek() != '}')
                    return failAt(
                        c, QStringLiteral("expected ',' or '}' after the value of '%1', found %2").arg(key, c.found()));
            }
            c.advance();
            return true;
        }

        bool parseValue(Cursor& c, int nesting, int includeDepth, const QString& context, DiskSimValue& out)
        {
            c.skipSpace();
            out.file = c.file;
            out.line = c.line;
            const char ch = c.peek();
            if (ch == '[')
                return parseList(c, nesting + 1, includeDepth, out);
            if (ch == '"') {
                QByteArray text;
                if (!readQuoted(c, &text))
                    return false;
                out.kind = DiskSimValue::Kind::String;
                out.text = word(text);
                return true;
            }
            const QByteArray w = c.readWord();
            if (w.isEmpty())
                return failAt(c, QStringLiteral("expected a value %1, found %2").arg(context, c.found()));
            c.skipSpace();
            if (w == "source" && (isWordChar(c.peek()) || c.peek() == '"')) {
                // `Model = source cheetah9LP.model`: the file holds exactly one value.
                Cursor inner;
                if (!openInclude(c, includeDepth, &inner)
                    || !parseValue(inner, nesting, includeDepth + 1, QStringLiteral("in the sourced file"), out))
                    return false;
                inner.skipSpace();
                if (!inner.atEnd())
                    return failAt(inner,
                        QStringLiteral("expected end of file after the sourced value, found %1").arg(inner.found()));
                m_stack.removeLast();
                return true;
            }
            if (c.peek() == '{')
                return parseBlockAfterType(c, w, out.line, nesting, includeDepth, out);
            if (isWordChar(c.peek())) {
                // `type name {`, or a second word the caller refuses.
                const Cursor saved = c;
                c.readWord();
                c.skipSpace();
                const bool block = c.peek() == '{';
                c = saved;
                if (block)
                    return parseBlockAfterType(c, w, out.line, nesting, includeDepth, out);
            }
            bool integral = false;
            if (looksNumeric(w, &integral)) {
                bool ok = false;
                const double v = w.toDouble(&ok);
                if (!ok || !std::isfinite(v))
                    return fail(
                        where(out.file, out.line) + QStringLiteral(": number '%1' is out of range").arg(word(w)));
                out.kind = DiskSimValue::Kind::Number;
                out.number = v;
                out.integral = integral && std::fabs(v) < 9.0e15;
            } else {
                out.kind = DiskSimValue::Kind::String;
            }
            out.text = word(w);
            return true;
        }

        bool parseList(Cursor& c, int nesting, int includeDepth, DiskSimValue& out)
        {
            if (nesting > m_limits.maxNesting)
                return failAt(c, QStringLiteral("blocks and lists nested more than %1 deep").arg(m_limits.maxNesting));
            out.kind = DiskSimValue::Kind::List;
            c.advance(); // '['
            for (;;) {
                c.skipSpace();
                if (c.peek() == ']')
                    break;
                if (c.atEnd())
                    return failAt(c,
                        QStringLiteral("expected ']' to close the list opened at line %1, found end of file")
                            .arg(out.line));
                DiskSimValue item;
                if (!parseValue(
                        c, nesting, includeDepth, QStringLiteral("in the list opened at line %1").arg(out.line), item))
                    return false;
                out.items.push_back(std::move(item));
                c.skipSpace();
                if (c.peek() == ',') {
                    c.advance();
                    continue;
                }
                if (c.atEnd())
                    return failAt(c,
                        QStringLiteral("expected ']' to close the list opened at line %1, found end of file")
                            .arg(out.line));
                if (c.peek() != ']')
                    return failAt(c,
                        QStringLiteral("expected ',' or ']' in the list opened at line %1, found %2")
                            .arg(out.line)
                            .arg(c.found()));
            }
            c.advance();
            return true;
        }
    };

} // namespace

std::optional<DiskSimDocument> parseDiskSimFile(const QString& path, QString* error, const DiskSimParseLimits& limits)
{
    DiskSimDocument doc;
    Parser parser(limits, doc);
    if (!parser.parseTopFile(path)) {
        setError(error, parser.error);
        return std::nullopt;
    }
    return doc;
}

std::optional<DiskSimDocument> parseDiskSimText(
    const QByteArray& text, const QString& fileName, QString* error, const DiskSimParseLimits& limits)
{
    DiskSimDocument doc;
    Parser parser(limits, doc);
    if (!parser.parseTopText(text, fileName)) {
        setError(error, parser.error);
        return std::nullopt;
    }
    return doc;
}

} // namespace raidscope
