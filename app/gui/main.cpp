// SPDX-License-Identifier: GPL-3.0-or-later
// raidscope [--array SPEC] [--page NAME] [--request KIND:OFFSET:SIZE] [--plugin-dir DIR]
#include "arraypage.h"
#include "layout/layoutregistry.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

#ifndef RAIDSCOPE_VERSION
#define RAIDSCOPE_VERSION "0.0.0"
#endif

namespace {

void warn(const QString& message)
{
    std::fprintf(stderr, "raidscope: %s\n", qPrintable(message));
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RaidScope"));
    QApplication::setApplicationName(QStringLiteral("RaidScope"));
    QApplication::setApplicationVersion(QStringLiteral(RAIDSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("org.raidscope.RaidScope"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RaidScope: a workbench that looks inside disk arrays"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption array(QStringLiteral("array"),
        QStringLiteral("Open this array spec, e.g. 'raid5 layout=la disks=4 chunk=16KiB'."), QStringLiteral("SPEC"));
    const QCommandLineOption page(QStringLiteral("page"),
        QStringLiteral("Show this page: Array, Probe, Simulate, Traces, Advisor or Models."), QStringLiteral("NAME"));
    const QCommandLineOption request(QStringLiteral("request"),
        QStringLiteral("Show this request in the Array page's explorer, e.g. write:0:128KiB."), QStringLiteral("KIND:OFFSET:SIZE"));
    const QCommandLineOption pluginDir(QStringLiteral("plugin-dir"),
        QStringLiteral("Search this folder for layout plugins first (may be repeated)."), QStringLiteral("DIR"));
    parser.addOptions({ array, page, request, pluginDir });
    parser.process(app);
    for (const QString& dir : parser.values(pluginDir))
        raidscope::LayoutRegistry::addSearchDir(dir);

    raidscope::gui::MainWindow window;
    window.restoreSettings();
    // Command-line choices win over the saved ones, so a demo or a screenshot opens what it asks for.
    if (parser.isSet(array) && !window.arrayPage()->setSpecText(parser.value(array)))
        warn(QStringLiteral("--array: the spec was not accepted (the Array page shows why)"));
    if (parser.isSet(request)) {
        QString error;
        if (!window.arrayPage()->setRequestText(parser.value(request), &error))
            warn(QStringLiteral("--request: ") + error);
        if (!parser.isSet(page))
            window.setCurrentPage(QStringLiteral("Array"));
    }
    if (parser.isSet(page) && !window.setCurrentPage(parser.value(page)))
        warn(QStringLiteral("--page %1: no such page (pages: %2)")
                 .arg(parser.value(page), raidscope::gui::MainWindow::pageNames().join(QStringLiteral(", "))));
    window.show();
    return app.exec();
}
