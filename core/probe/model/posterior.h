// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The probe model's inference half (docs/design/probe.md): hypotheses, their priors, one likelihood
// with a stated noise model, and the posterior over them, grouped into classes that read alike.

#include "forwardmodel.h"
#include "parallel.h"

#include <limits>
#include <memory>
#include <vector>

namespace raidscope::probemodel {

/// An installed layout (with its parameters) times an environment.
struct Hypothesis
{
    std::shared_ptr<const Candidate> layout;
    Environment env;
    double logPrior = 0;

    QString spec() const; ///< the layout's spec, with what the environment adds
};

/// The prior (docs/design/probe.md "Priors"): common levels and md's defaults before exotic ones, a
/// healthy array before a degraded one, plain members before caches. Normalised over the hypotheses
/// by Posterior, so only differences matter.
double logPrior(const Candidate& c, const Environment& e);

/// The noise model. A batch's log time is its prediction's, plus a log shift shared by every test of
/// one hypothesis (the calibration's error in the per-read unit), plus independent Gaussian noise of
/// variance deviceSigma² + the prediction's own (where reads land at random; a member's service spread).
struct NoiseModel
{
    /// Log spread of a batch repeated on the device (estimated from repeats: NoiseEstimate).
    double deviceSigma = 0.05;
    /// Prior spread of the shared log shift: the serial calibration's standard error where the
    /// member's unit is its serial read, wide (5: up to e^10 the serial read, never under it) where it
    /// is a throttle's rate, which a lone read (returned at once) does not show.
    double knownUnitSigma = 0.1;
    double freeUnitSigma = 5;
    /// A write-back cache acknowledges writes at any speed up to the disks': the write test's log time
    /// then uniform over this many natural-log units below the layout's uncached prediction.
    double writeBackRange = std::log(1000.0);
};

/// The device's repeat spread: a scaled inverse chi-square posterior over repeated batches' log times,
/// with `priorSigma` worth `priorWeight` degrees of freedom (the prior's stated part).
class NoiseEstimate
{
public:
    explicit NoiseEstimate(double priorSigma = 0.05, double priorWeight = 2) : m_prior(priorSigma), m_weight(priorWeight) {}
    /// One group of repeated identical batches (their times in ms). `modelLogVariance`: the part of their
    /// log variance the model already predicts (where reads land, a member's service spread), which the
    /// likelihood adds to the device's own and so is taken out of the repeats' spread here.
    void addRepeats(const std::vector<double>& ms, double modelLogVariance = 0);
    double sigma() const;
    double degreesOfFreedom() const { return m_dof; }

private:
    double m_prior, m_weight;
    double m_sum = 0, m_dof = 0;
};

/// A timed test.
struct Observation
{
    Test test;
    double ms = 0;
};

/// One class of hypotheses: predictions alike on every test observed.
struct HypothesisClass
{
    std::vector<std::size_t> members; ///< indices into the hypotheses, best first
    double posterior = 0;
};

class Posterior
{
public:
    Posterior(DeviceScale scale, NoiseModel noise) : m_scale(scale), m_noise(noise) {}

    /// Adds hypotheses; their predictions of the tests already observed are computed now. With
    /// `dropBelow`, those the tests already put under that share of the best's posterior (as prune()
    /// would drop them) are left out, most after a few of their predictions.
    void addHypotheses(std::vector<Hypothesis> hypotheses, double dropBelow = 0);
    /// Adds a timed test; every hypothesis predicts it.
    void observe(const Test& test, double ms);
    void setNoise(const NoiseModel& noise)
    {
        m_noise = noise;
        invalidate();
    }
    /// Threads the predictions and scores are computed on (1: the calling thread; 0: every core). The
    /// results do not depend on it.
    void setJobs(int jobs) { m_jobs = resolveJobs(jobs); }
    const NoiseModel& noise() const { return m_noise; }
    const DeviceScale& scale() const { return m_scale; }

    std::size_t size() const { return m_hypotheses.size(); }
    const Hypothesis& hypothesis(std::size_t i) const { return m_hypotheses[i]; }
    const std::vector<Observation>& observations() const { return m_observations; }

    /// -2 log (prior x marginal likelihood) of hypothesis i, up to a constant shared by all.
    double score(std::size_t i) const;
    /// The shared log shift's posterior mean for hypothesis i.
    double shift(std::size_t i) const;
    /// Hypothesis i's request ceiling in members' worth of rate, at its posterior mode over ceilingGrid();
    /// 0 where its environment has none.
    double ceilingMembers(std::size_t i) const;
    /// Hypothesis i's burst credit in requests at the members' unit, at its posterior mode over
    /// creditGrid(); 0 where its environment has none.
    double creditRequests(std::size_t i) const;
    /// How well hypothesis i explains the tests: its residuals' chi-square (the shift fitted) and the
    /// degrees of freedom, for a check that the model describes the array at all.
    std::pair<double, double> fit(std::size_t i) const;
    /// Normalised posterior of every hypothesis (kept until the hypotheses, tests or noise change).
    const std::vector<double>& posteriors() const;
    /// The posterior mean of the hypotheses' own log variance for observation `o` (Prediction::logVariance:
    /// where reads land and a member's service spread), without the device's noise.
    double modelLogVariance(std::size_t o) const;
    /// Predicted log time of test `t` under hypothesis i, the shift included, and its variance.
    std::pair<double, double> predictLog(std::size_t i, const Test& t) const;
    /// Classes of hypotheses whose predictions of every observed test, and of every test in `unseen`
    /// (the tests that could still be run), agree within `tolerance` (in units of the noise), by
    /// descending posterior; those under `floor` of the best, or past the `most` best, left out.
    std::vector<HypothesisClass> classes(double tolerance, double floor, const std::vector<Test>& unseen = {},
                                         std::size_t most = 400) const;
    /// The `count` best hypotheses by posterior.
    std::vector<std::size_t> best(std::size_t count) const;
    /// Drops hypotheses whose posterior is under `floor` of the best's (to bound the work).
    std::size_t prune(double floor);

private:
    struct Row
    {
        std::vector<double> logMs, logVar; ///< per observation
        std::vector<double> logCeiling;    ///< per observation, log Prediction::ceilingMs (-inf: none)
    };
    /// Forgets the scores and posteriors.
    void invalidate();
    double unitSigma(const Hypothesis& h) const;
    /// Every hypothesis' score (kept with the posteriors), computed on m_jobs threads.
    const std::vector<double>& scores() const;
    /// What a hypothesis' score integrates over beside the shift: its log ceiling and its log bucket
    /// size (NaN: none).
    struct Nuisance
    {
        double logKappa = std::numeric_limits<double>::quiet_NaN();
        double logCredit = std::numeric_limits<double>::quiet_NaN();
    };
    /// score() at one ceiling and bucket.
    double scoreAt(std::size_t i, Nuisance n) const;
    /// The ceiling and bucket the hypothesis is read at: their joint mode.
    Nuisance nuisance(std::size_t i) const;
    /// Hypothesis i's log prediction of observation o, its credit and ceiling applied, and that
    /// prediction's variance.
    std::pair<double, double> effective(std::size_t i, std::size_t o, Nuisance n) const;
    /// The same for a prediction of the member term (log ms, log variance) and its log ceiling term.
    std::pair<double, double> effective(double logMs, double logVar, double logCeiling, Nuisance n) const;

    DeviceScale m_scale;
    NoiseModel m_noise;
    std::vector<Hypothesis> m_hypotheses;
    std::vector<Row> m_rows;
    std::vector<Observation> m_observations;
    std::vector<double> m_logObserved;        ///< per observation, the log of its time
    mutable std::vector<double> m_posteriors; ///< posteriors()'s, empty when out of date
    mutable std::vector<double> m_scores;     ///< scores()'s, empty when out of date
    mutable std::vector<Nuisance> m_modes;    ///< per hypothesis, its ceiling's and bucket's mode (with m_scores)
    int m_jobs = 1;
};

} // namespace raidscope::probemodel
