// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <complex>
#include <functional>

namespace raidscope {

/// A Laplace transform F(s) = integral of e^{-st} f(t) dt, evaluated at Re(s) > 0.
using LaplaceTransform = std::function<std::complex<double>(std::complex<double>)>;

/// f(t) for t > 0 from its Laplace transform by Abate & Whitt's EULER algorithm: the Fourier-series
/// (Bromwich trapezoid) method with Euler summation of the alternating series. J. Abate and W. Whitt,
/// "The Fourier-series method for inverting transforms of probability distributions", Queueing
/// Systems 10 (1992) 5-88 (the zoned-RAID paper's reference [1]), in the form of their "Numerical
/// inversion of Laplace transforms of probability distributions", ORSA J. Computing 7 (1995) 36-43:
/// A = 18.4 (discretisation error about e^-A = 1e-8 for a function bounded by 1), n = 15 terms, then
/// Euler summation over m = 11 more. 27 transform evaluations. Returns 0 for t <= 0.
/// Inverting F(s)/s gives the cdf of a density's transform F; a jump of f is smeared near it.
double invertLaplaceEuler(const LaplaceTransform& transform, double t);

/// The same algorithm in two halves, for callers that evaluate transforms faster in batches: the
/// kEulerAbscissae abscissae at t are the progression s_k = x + i k h, k = 0..26 (x = A / 2t,
/// h = pi / t), and invertLaplaceEulerSum(values, t) with values[k] = F(s_k) is invertLaplaceEuler(F, t).
inline constexpr int kEulerAbscissae = 27;
struct EulerAbscissae
{
    double x = 0; ///< Re s_k
    double h = 0; ///< Im s_k = k h
};
EulerAbscissae eulerAbscissae(double t);
double invertLaplaceEulerSum(const std::complex<double>* values, double t);

} // namespace raidscope
