// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export Report (#16 item 3): the window's pages as a report, PDF or HTML by the name's
// suffix, never over the workspace file it shows.
#include "mainwindow.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QFile>
#include <QTemporaryDir>

using raidscope::gui::MainWindow;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

} // namespace

TEST_CASE("MainWindow: Export Report writes the pages' workspace as a PDF or an HTML file", "[gui][report]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // A copy of the sample: the window's own workspace file must be refused as an output.
    const QString workspace = dir.filePath(QStringLiteral("customer.raidscope"));
    REQUIRE(QFile::copy(QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/sample-v1.raidscope"), workspace));
    const QByteArray original = readAll(workspace);
    MainWindow window;
    QString error;
    REQUIRE(window.openWorkspaceFile(workspace, &error));
    CHECK(window.findChild<QAction*>(QStringLiteral("exportReportAction")) != nullptr);

    const QString pdf = dir.filePath(QStringLiteral("customer.pdf"));
    REQUIRE(window.exportReportFile(pdf, &error));
    CHECK(readAll(pdf).startsWith("%PDF-"));

    const QString html = dir.filePath(QStringLiteral("customer.html"));
    REQUIRE(window.exportReportFile(html, &error));
    const QByteArray page = readAll(html);
    CHECK(page.startsWith("<!DOCTYPE html>"));
    CHECK(page.contains("customer.raidscope"));
    CHECK(page.contains("RAID 5 left-asymmetric, 4 disks, 16 KiB chunks")); // the probe result the page shows
    CHECK(page.contains("data:image/png;base64,"));

    CHECK_FALSE(window.exportReportFile(workspace, &error));
    CHECK(error.contains(QStringLiteral("refusing to write over an input")));
    CHECK(readAll(workspace) == original);
}
