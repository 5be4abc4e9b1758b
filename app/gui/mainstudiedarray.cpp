// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's array under study (#54 item 1): one array the pages start from, a banner on each
// page that says whether the page uses it or an edit of its own.
#include "mainwindow.h"

#include "advisor/advisorpage.h"
#include "array/arraypage.h"
#include "models/modelspage.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "study/studypage.h"
#include "traces/tracelayoutview.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"
#include "widgets/studiedarray.h"

#include <QBoxLayout>
#include <QMessageBox>

namespace raidscope::gui {

namespace {

// The banner goes above a page's own content, inside the page (so that it scrolls with it).
void insertBanner(QWidget* page, QWidget* banner)
{
    if (auto* box = qobject_cast<QBoxLayout*>(page->layout()); box && box->direction() == QBoxLayout::TopToBottom)
        box->insertWidget(0, banner);
}

QString variationsText(const ArrayUnderStudy& a)
{
    QStringList specs;
    if (const auto v = arrayVariations(a.spec, nullptr))
        for (const ArrayVariation& x : *v)
            specs << x.spec;
    return specs.join(u'\n');
}

} // namespace

void MainWindow::connectStudiedArray()
{
    m_studied = new StudiedArray(this);
    auto banner = [this](QWidget* page, StudiedArrayUse use) {
        auto* b = new StudiedArrayBanner(m_studied, std::move(use));
        b->setObjectName(page->objectName() + QStringLiteral("StudiedArray"));
        insertBanner(page, b);
        m_banners.append(b);
        return b;
    };

    // The Array page sets it, and always draws it: every accepted edit there is the array under
    // study, and an array taken from a verdict or a workspace is drawn there.
    StudiedArrayBanner* arrayBanner = banner(m_arrayPage,
        { [this] { return m_arrayPage->currentSpec(); }, {}, [](const ArrayUnderStudy&) {},
            tr("The Array page draws it; an edit here changes it for every page that has no edit of its own."),
            tr("The Array page draws %1."), {}, false, false });
    connect(m_arrayPage, &ArrayPage::specChanged, this, [this, arrayBanner](const QString& spec) {
        if (m_syncingSpecs || spec.isEmpty())
            return;
        ArrayUnderStudy a;
        a.spec = spec;
        a.source = ArrayUnderStudy::Source::ArrayPage;
        m_studied->set(a);
        arrayBanner->refresh();
    });
    connect(m_studied, &StudiedArray::changed, this, [this, arrayBanner](const ArrayUnderStudy& now) {
        if (now.spec != m_arrayPage->currentSpec()) {
            ++m_syncingSpecs;
            m_arrayPage->setSpecText(now.spec);
            --m_syncingSpecs;
        }
        arrayBanner->refresh();
    });

    StudiedArrayBanner* simulate = banner(m_simulatePage,
        { [this] { return m_simulatePage->arraySpec(); }, {},
            [this](const ArrayUnderStudy& a) { m_simulatePage->setArraySpecText(a.spec); },
            tr("This page simulates it."), tr("This page simulates %1, edited here."), {} });
    connect(m_simulatePage, &SimulatePage::arraySpecChanged, simulate, &StudiedArrayBanner::refresh);

    // The Probe page: its verdict becomes the array under study on request, never the other way.
    StudiedArrayUse probe { [this]() -> QString {
                               if (!m_probePage->result())
                                   return {};
                               const auto a = arrayFromProbe(*m_probePage->result(), nullptr);
                               return a ? a->spec : QString();
                           },
        {}, [this](const ArrayUnderStudy&) { useProbeVerdictAsStudiedArray(); }, tr("The verdict shown is the array under study."),
        tr("The verdict shown reads as %1."), tr("Use the verdict as the array under study"), false, false };
    StudiedArrayBanner* probeBanner = banner(m_probePage, std::move(probe));
    connect(m_probePage, &ProbePage::probeFinished, probeBanner, &StudiedArrayBanner::refresh);
    connect(m_probePage, &ProbePage::resultOpened, probeBanner, &StudiedArrayBanner::refresh);

    // The replay's candidates are variations of it (chunk, level, disks) unless the user's own.
    TraceReplayView* replay = m_tracesPage->replayView();
    StudiedArrayBanner* traces = banner(m_tracesPage,
        { [replay] {
             QStringList specs;
             for (const QString& s : replay->candidates())
                 specs << canonicalArraySpec(s);
             return specs.join(u'\n');
         },
            variationsText,
            [replay](const ArrayUnderStudy& a) {
                const QString v = variationsText(a);
                if (!v.isEmpty())
                    replay->setCandidates(v.split(u'\n'));
            },
            tr("The replay's candidates are it and its variations (chunk halved and doubled, the other levels, a member fewer "
               "and more)."),
            tr("The replay's candidates are a list of their own."), tr("Replay its variations") });
    connect(replay, &TraceReplayView::candidatesChanged, traces, &StudiedArrayBanner::refresh);
    // The Layout tab analyzes the replay's first candidate: the array under study only while the
    // candidates are it and its variations.
    const auto markLayout = [this, traces] { m_tracesPage->layoutView()->setFirstIsStudied(traces->pageUsesIt()); };
    connect(replay, &TraceReplayView::candidatesChanged, this, markLayout);
    connect(m_studied, &StudiedArray::changed, this, markLayout);
    markLayout();

    if (auto* advisor = qobject_cast<AdvisorPage*>(page(PageId::Advisor))) {
        StudiedArrayBanner* b = banner(advisor,
            { [advisor] { return advisor->arraySpec(); }, {},
                [advisor](const ArrayUnderStudy& a) { advisor->setArraySpecText(a.spec); },
                tr("The Advisor varies its chunk."), tr("The Advisor varies the chunk of %1, edited here."), {} });
        connect(advisor, &AdvisorPage::arraySpecChanged, b, &StudiedArrayBanner::refresh);
    }
    if (auto* study = qobject_cast<StudyPage*>(page(PageId::Study))) {
        // A study reproduces a paper's array until asked: it does not take the first one.
        StudiedArrayUse use { [study] { return canonicalArraySpec(study->arrayText()); }, {},
            [study](const ArrayUnderStudy& a) { study->setArrayText(a.spec); }, tr("This study varies it."),
            tr("This study varies %1."), {}, false };
        StudiedArrayBanner* b = banner(study, std::move(use));
        connect(study, &StudyPage::arrayTextChanged, b, &StudiedArrayBanner::refresh);
    }
    if (auto* models = qobject_cast<ModelsPage*>(page(PageId::Models))) {
        models->setArraySource([this] { return m_studied->current().spec; });
        banner(models,
            { [this] { return m_studied->current().spec; }, {}, [](const ArrayUnderStudy&) {},
                tr("Minerva's \"From the array\" takes it."), tr("%1"), {} });
    }
}

const ArrayUnderStudy& MainWindow::studiedArray() const { return m_studied->current(); }

StudiedArray* MainWindow::studiedArrayObject() const { return m_studied; }

bool MainWindow::useProbeVerdictAsStudiedArray(QString* error)
{
    QString why = tr("there is no probe result on the Probe page");
    const auto a = m_probePage->result() ? arrayFromProbe(*m_probePage->result(), &why) : std::nullopt;
    if (!a) {
        if (error)
            *error = why;
        else
            QMessageBox::information(this, tr("Array under study"), tr("The verdict cannot be used: %1.").arg(why));
        return false;
    }
    m_studied->set(*a); // the Array page's banner takes it, and with it every page without an edit of its own
    return true;
}

void MainWindow::setStudiedArrayFromWorkspace(const Workspace& w)
{
    ArrayUnderStudy a;
    if (w.arrayUnderStudy) {
        a = *w.arrayUnderStudy;
    } else {
        // A file written before there was one: its Array page held the array.
        a.spec = m_arrayPage->currentSpec();
        a.source = ArrayUnderStudy::Source::Workspace;
    }
    a.spec = canonicalArraySpec(a.spec);
    m_studied->set(a, false); // every page is as the file saved it: none takes it (the Array page draws it)
    for (StudiedArrayBanner* b : std::as_const(m_banners))
        b->refresh();
}

} // namespace raidscope::gui
