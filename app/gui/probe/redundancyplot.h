// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/liveplot.h"

#include <vector>

namespace raidscope {
struct WritePoint;
struct ProbeResult;
}

namespace raidscope::gui {

/// Shear §2.3.4 and Fig. 16: random-write bandwidth as the write count doubles until a write-back
/// cache is flooded, against random-read bandwidth (dashed); their ratio says the redundancy
/// (about 1: none, k: k mirrors, about 4: parity read-modify-write).
class RedundancyPlot : public LivePlot
{
    Q_OBJECT
public:
    explicit RedundancyPlot(QWidget* parent = nullptr);

    void clear();
    void append(const std::vector<WritePoint>& writes, double readMBps);
    void setResult(const ProbeResult& result);
    /// Why there is no write test (a read-only target); empty when writes run.
    void setNoWritesReason(const QString& reason);

    int receivedPoints() const { return m_received; }
    int plottedPoints() const;
    double readMBps() const { return m_readMBps; }
    /// Read over write bandwidth: the probe's when done, else from the last write test; 0 unknown.
    double ratio() const { return m_ratio; }
    /// Shear's reading of a ratio, in plain words.
    static QString ratioMeaning(double ratio);

protected:
    void rescale() override;

private:
    void rebuild();

    QCPGraph* m_writes = nullptr;
    QCPGraph* m_read = nullptr;
    QCPItemText* m_ratioLabel = nullptr;
    std::vector<std::pair<double, double>> m_points; // writes, MB/s
    double m_readMBps = 0;
    double m_ratio = 0;
    QString m_noWrites;
    int m_received = 0;
};

} // namespace raidscope::gui
