// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export Report (#16 item 3, #54 item 6): the window's pages as a report, PDF or HTML by the
// name's suffix, never over the workspace file it shows; its title and customer; no advice not asked for.
#include "advisor/advisorpage.h"
#include "mainwindow.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using raidscope::gui::MainWindow;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

} // namespace

TEST_CASE("MainWindow: Export Report writes the pages' workspace as a PDF or an HTML file", "[gui][report]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // A copy of the sample: the window's own workspace file must be refused as an output.
    const QString workspace = dir.filePath(QStringLiteral("customer.raidscope"));
    REQUIRE(QFile::copy(QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/sample-v1.raidscope"), workspace));
    const QByteArray original = readAll(workspace);
    MainWindow window;
    QString error;
    REQUIRE(window.openWorkspaceFile(workspace, &error));
    CHECK(window.findChild<QAction*>(QStringLiteral("exportReportAction")) != nullptr);

    const QString pdf = dir.filePath(QStringLiteral("customer.pdf"));
    REQUIRE(window.exportReportFile(pdf, &error));
    CHECK(readAll(pdf).startsWith("%PDF-"));

    const QString html = dir.filePath(QStringLiteral("customer.html"));
    REQUIRE(window.exportReportFile(html, &error));
    const QByteArray page = readAll(html);
    CHECK(page.startsWith("<!DOCTYPE html>"));
    CHECK(page.contains("customer.raidscope"));
    CHECK(page.contains("RAID 5 left-asymmetric, 4 disks, 16 KiB chunks")); // the probe result the page shows
    CHECK(page.contains("data:image/png;base64,"));

    CHECK_FALSE(window.exportReportFile(workspace, &error));
    CHECK(error.contains(QStringLiteral("refusing to write over an input")));
    CHECK(readAll(workspace) == original);
}

TEST_CASE("MainWindow: the report holds the title and customer given, and no advice the user did not ask for", "[gui][report]")
{
    // #54 item 6: the Advisor advises on its own at start (its default inputs) and after a workspace
    // opens; the report said "The advisor recommends a chunk of 1 MiB" of that advice.
    using raidscope::gui::AdvisorPage;
    using raidscope::gui::PageId;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    QString error;
    REQUIRE(window.openWorkspaceFile(QStringLiteral(RAIDSCOPE_TEST_DATA "/workspace/sample-v1.raidscope"), &error));
    auto* advisor = qobject_cast<AdvisorPage*>(window.page(PageId::Advisor));
    REQUIRE(advisor);
    REQUIRE(QTest::qWaitFor([&] { return !advisor->isRunning(); }, 30000));
    REQUIRE(advisor->advice()); // the page's own advice, shown
    window.setReportDetails(QStringLiteral("  Array review "), QStringLiteral("ACME Storage Ltd"));
    const QString html = dir.filePath(QStringLiteral("report.html"));
    REQUIRE(window.exportReportFile(html, &error));
    QByteArray page = readAll(html);
    CHECK(page.contains("<h1>Array review</h1>"));
    CHECK(page.contains("ACME Storage Ltd"));
    CHECK_FALSE(page.contains("advisor recommends"));
    CHECK_FALSE(page.contains("Stripe-size advice"));
    CHECK_FALSE(page.contains("not run"));
    CHECK_FALSE(page.contains("Not run"));
    CHECK_FALSE(page.contains(RAIDSCOPE_TEST_DATA)); // no local path

    // Asked for, the advice is the workspace's and the report's.
    REQUIRE(advisor->requestAdvice());
    REQUIRE(QTest::qWaitFor([&] { return !advisor->isRunning(); }, 30000));
    REQUIRE(window.exportReportFile(html, &error));
    page = readAll(html);
    CHECK(page.contains("Stripe-size advice"));
    CHECK(page.contains("advisor, run on"));
}

TEST_CASE("MainWindow: Export Report first asks for the title and the customer; Cancel writes nothing", "[gui][report]")
{
    MainWindow window;
    window.show();
    QAction* action = window.findChild<QAction*>(QStringLiteral("exportReportAction"));
    REQUIRE(action);
    bool seen = false;
    QTimer::singleShot(0, &window, [&] {
        // No REQUIRE in here: an exception must not cross Qt's event loop.
        QWidget* dialog = QApplication::activeModalWidget();
        auto* title = dialog ? dialog->findChild<QLineEdit*>(QStringLiteral("reportTitleEdit")) : nullptr;
        auto* customer = dialog ? dialog->findChild<QLineEdit*>(QStringLiteral("reportCustomerEdit")) : nullptr;
        auto* buttons = dialog ? dialog->findChild<QDialogButtonBox*>() : nullptr;
        if (!title || !customer || !buttons) {
            if (dialog)
                dialog->close();
            return;
        }
        CHECK(title->placeholderText() == QStringLiteral("Disk array report"));
        title->setText(QStringLiteral("Array review"));
        customer->setText(QStringLiteral("ACME Storage Ltd"));
        if (const QByteArray shot = qgetenv("RAIDSCOPE_REPORT_DIALOG_SHOT"); !shot.isEmpty())
            dialog->grab().save(QString::fromLocal8Bit(shot));
        seen = true;
        buttons->button(QDialogButtonBox::Cancel)->click();
    });
    action->trigger(); // returns once the dialog is cancelled: no file dialog follows
    CHECK(seen);
    CHECK(QApplication::activeModalWidget() == nullptr);
}
