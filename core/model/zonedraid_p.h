// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the zoned-RAID model's files: the service transform in batches (zonedservicebatch.cpp)
// that the queues built in zonedraid.cpp invert, and the plain complex arithmetic both use.

#include "zonedraid.h"

#include <cmath>
#include <complex>
#include <utility>
#include <vector>

namespace raidscope::zoned {

using cd = std::complex<double>;

// The seek atoms coarsened for the model's transforms (zonedservicebatch.cpp says how).
struct CoarseSeek
{
    double stepMs = 0; // node j at j x stepMs
    std::vector<double> read, write;
};

CoarseSeek coarseSeek(const ZonedDiskService& disk);

// Plain complex arithmetic (std::complex's operator* checks for infinities and NaN through a
// library call; the values here are finite).
struct C
{
    double re = 0, im = 0;
};
inline C mul(C a, C b) { return { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re }; }
inline C div(C a, C b)
{
    const double q = 1 / (b.re * b.re + b.im * b.im);
    return { (a.re * b.re + a.im * b.im) * q, (a.im * b.re - a.re * b.im) * q };
}
inline C cexp(cd z)
{
    const double m = std::exp(z.real());
    return { m * std::cos(z.imag()), m * std::sin(z.imag()) };
}

constexpr int kBatch = 32; // at most this many abscissae per call (the Euler inversion uses 27)

// serviceLst() of one mixture at the progression s_k = s0 + i k h, k < n: every exponential
// e^{-s_k tau} is e^{-s0 tau} (e^{-i h tau})^k, one multiplication per abscissa.
class FastService
{
public:
    FastService(const ZonedDiskService& disk, const CoarseSeek& seek, const ServiceMix& mix);

    void eval(cd s0, double h, int n, cd* out) const;

private:
    struct Part
    {
        double weight;
        ServicePart::Positioning positioning;
        int seek, transfer;
    };

    static void progression(cd s0, double h, int n, double tau, double scale, double* re, double* im);
    void evalBatch(cd s0, double h, int n, cd* out) const;
    void slow(cd s0, double h, int n, cd* out) const;

    double m_rotationMs, m_seekStepMs;
    std::vector<double> m_seekFractions, m_transferBlocks;
    std::vector<std::vector<double>> m_seeks;
    std::vector<std::vector<std::pair<double, double>>> m_transfers;
    std::vector<Part> m_parts;
};

} // namespace raidscope::zoned
