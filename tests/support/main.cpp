// SPDX-License-Identifier: GPL-3.0-or-later
// The one Catch2 runner: each test program links an app factory (coreapp.cpp or guiapp.cpp).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QCoreApplication>

#include <memory>

std::unique_ptr<QCoreApplication> makeTestApp(int& argc, char** argv);

int main(int argc, char** argv)
{
    int qtArgc = 1;
    const auto app = makeTestApp(qtArgc, argv);
    return Catch::Session().run(argc, argv);
}
