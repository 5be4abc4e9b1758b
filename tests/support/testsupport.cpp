// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include "sim/arraysimulator.h"
#include "sim/workload.h"

#include "layout/layoutregistry.h"

#include <catch2/catch.hpp>

namespace raidscope::test {

std::unique_ptr<Layout> makeLayout(const QString& spec)
{
    QString error;
    auto layout = LayoutRegistry::instance().create(spec, &error);
    INFO("spec: " << spec.toStdString() << " error: " << error.toStdString());
    REQUIRE(layout);
    return layout;
}

QString specError(const QString& spec)
{
    QString error;
    const auto layout = LayoutRegistry::instance().create(spec, &error);
    return layout ? QString() : error;
}

std::unique_ptr<ArraySimulator> makeSim(const char* spec)
{
    QString error;
    auto sim = ArraySimulator::create(QString::fromUtf8(spec), &error);
    INFO(spec << ": " << error.toStdString());
    REQUIRE(sim);
    return sim;
}

WorkloadSpec makeWorkload(const char* spec)
{
    QString error;
    const auto w = parseWorkloadSpec(QString::fromUtf8(spec), &error);
    INFO(spec << ": " << error.toStdString());
    REQUIRE(w);
    return *w;
}

QString workloadSpecError(const char* spec)
{
    QString error;
    CHECK_FALSE(parseWorkloadSpec(QString::fromUtf8(spec), &error));
    return error;
}

} // namespace raidscope::test
