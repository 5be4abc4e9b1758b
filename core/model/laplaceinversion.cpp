// SPDX-License-Identifier: GPL-3.0-or-later
#include "laplaceinversion.h"

#include <array>
#include <cmath>
#include <numbers>

namespace raidscope {
namespace {

    constexpr double kA = 18.4; // Abate & Whitt 1995 section 1: discretisation error e^-A
    constexpr int kN = 15; // terms summed directly
    constexpr int kM = 11; // Euler (binomial) averaging of the partial sums s_n .. s_{n+m}

    // 2^-m C(m, k), k = 0..m.
    constexpr std::array<double, kM + 1> eulerWeights()
    {
        std::array<double, kM + 1> w {};
        double c = 1;
        for (int k = 0; k <= kM; ++k) {
            w[std::size_t(k)] = c;
            c = c * double(kM - k) / double(k + 1);
        }
        double scale = 1;
        for (int i = 0; i < kM; ++i)
            scale /= 2;
        for (double& x : w)
            x *= scale;
        return w;
    }

} // namespace

EulerAbscissae eulerAbscissae(double t) { return { kA / (2 * t), std::numbers::pi / t }; }

double invertLaplaceEulerSum(const std::complex<double>* values, double t)
{
    if (!(t > 0))
        return 0;
    static constexpr std::array<double, kM + 1> weights = eulerWeights();
    // f(t) ~ e^{A/2}/(2t) Re F(A/2t) + e^{A/2}/t sum_k (-1)^k Re F((A + 2 k pi i) / 2t): the
    // trapezoidal rule on the Bromwich integral (Abate & Whitt 1995, eq. 13).
    double partial = 0.5 * values[0].real();
    for (int k = 1; k <= kN; ++k)
        partial += (k % 2 ? -1.0 : 1.0) * values[k].real();
    double euler = weights[0] * partial;
    for (int k = kN + 1; k <= kN + kM; ++k) {
        partial += (k % 2 ? -1.0 : 1.0) * values[k].real();
        euler += weights[std::size_t(k - kN)] * partial;
    }
    return std::exp(kA / 2) / t * euler;
}

double invertLaplaceEuler(const LaplaceTransform& transform, double t)
{
    if (!(t > 0))
        return 0;
    static_assert(kN + kM + 1 == kEulerAbscissae);
    const EulerAbscissae a = eulerAbscissae(t);
    std::array<std::complex<double>, kEulerAbscissae> values;
    for (int k = 0; k < kEulerAbscissae; ++k)
        values[std::size_t(k)] = transform({ a.x, k * a.h });
    return invertLaplaceEulerSum(values.data(), t);
}

} // namespace raidscope
