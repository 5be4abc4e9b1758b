// SPDX-License-Identifier: GPL-3.0-or-later
// The one place that includes <qcustomplot.h>: it uses `foreach`, so QT_NO_FOREACH stays off in app/gui
// (STYLE.md §2). Plot views include this header, never <qcustomplot.h> directly.
#pragma once

#include <qcustomplot.h>
