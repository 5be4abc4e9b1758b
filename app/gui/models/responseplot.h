// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include "model/zonedraid.h"

namespace raidscope::gui {

/// A response-time distribution from the zoned-RAID model, and the simulator's of the same array
/// and workload on the same axes: the cdf, or the pdf (the simulation's as densities over 5 %
/// steps of its quantiles).
class ResponsePlot : public LivePlot
{
    Q_OBJECT
public:
    enum class Kind { Cdf, Pdf };
    explicit ResponsePlot(Kind kind, QWidget* parent = nullptr);

    void clear(const QString& why);
    /// `model` empty (saturated) draws only the simulation; `simulated` empty only the model.
    void setCurves(const std::vector<ResponsePoint>& model, const std::vector<ResponsePoint>& simulated);

    QCPGraph* modelGraph() const { return m_model; }
    QCPGraph* simulationGraph() const { return m_simulation; }

protected:
    void rescale() override;

private:
    Kind m_kind;
    QCPGraph* m_model = nullptr;
    QCPGraph* m_simulation = nullptr;
};

} // namespace raidscope::gui
