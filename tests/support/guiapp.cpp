// SPDX-License-Identifier: GPL-3.0-or-later
// The app factory of tst_gui: a QApplication on the offscreen platform, whatever the environment says.
#include <QApplication>

#include <memory>

std::unique_ptr<QCoreApplication> makeTestApp(int& argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Tests must never read or write the user's RaidScope settings.
    QCoreApplication::setOrganizationName(QStringLiteral("RaidScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui"));
    return std::make_unique<QApplication>(argc, argv);
}
