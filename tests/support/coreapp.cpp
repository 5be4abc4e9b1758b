// SPDX-License-Identifier: GPL-3.0-or-later
#include <QCoreApplication>

#include <memory>

std::unique_ptr<QCoreApplication> makeTestApp(int& argc, char** argv)
{
    return std::make_unique<QCoreApplication>(argc, argv);
}
