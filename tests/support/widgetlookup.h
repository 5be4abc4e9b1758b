// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI tests' one way to reach a page's widget: by its object name, the test failing (naming the
// widget) when it is not there.
#pragma once

#include <catch2/catch.hpp>

#include <QWidget>

template <typename T> T* child(const QWidget& parent, const char* name)
{
    auto* w = parent.findChild<T*>(QString::fromLatin1(name));
    INFO("widget " << name);
    REQUIRE(w);
    return w;
}
