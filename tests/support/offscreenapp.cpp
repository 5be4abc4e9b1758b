// SPDX-License-Identifier: GPL-3.0-or-later
// The app factory of tst_report: a QGuiApplication (fonts for QTextDocument and QPainter) on the
// offscreen platform, without QtWidgets.
#include <QGuiApplication>

#include <memory>

std::unique_ptr<QCoreApplication> makeTestApp(int& argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QGuiApplication>(argc, argv);
}
