//! Every background job of the server, started from one place (`start`), each on its own thread
//! (`workers::spawn_periodic`): the mail queue, housekeeping (retention), read counts, billing's
//! renewal housekeeping and reconcile, the referral ledger, the summariser and the ten-day
//! reminders. Each job calls one use case of its domain; what a job keeps and for how long is
//! configuration (`Config::retention`).

use crate::config::{Config, Retention};
use crate::state::AppState;
use crate::workers::{spawn_periodic, Workers};
use kernel::Clock;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Starts every background job; their threads, to join once `workers.stop` is set.
pub fn start(state: &AppState, config: &Config, mailer: mail::Mailer, workers: &Workers) -> Vec<JoinHandle<()>> {
    let pool = state.pool.clone();
    vec![
        mail::spawn_worker(pool.clone(), mailer, state.clock.clone(), config.mail_poll_interval, workers.stop.clone()),
        spawn_housekeeping(pool.clone(), state.clock.clone(), config.retention, workers),
        spawn_read_counts(pool, workers),
        spawn_renewal_housekeeping(state.clone(), config.billing_poll_interval, workers),
        spawn_reconcile(state.clone(), config.reconcile_interval, workers),
        spawn_commission_ledger(state.clone(), config.referral_ledger_interval, workers),
        spawn_summariser(state.clone(), config.ai_poll_interval, workers),
        spawn_reminders(state.clone(), config.reminder_interval, workers),
    ]
}

/// How soon a new reader shows in a book's counters: saves queue readers (so no save waits on a
/// popular book's row) and this folds the queue in. A fold costs one rewrite of each book it
/// touches (its row goes into every index of the books table), whatever the number of readers,
/// so folding less often makes each reader cheaper; half a minute is still fresh for a count.
const READ_COUNTS_INTERVAL: std::time::Duration = std::time::Duration::from_secs(30);

/// Every `interval`, turns off the renewal of subscriptions whose buyer deleted the account (a
/// provider that cannot be reached is tried again next round).
fn spawn_renewal_housekeeping(state: AppState, interval: Duration, workers: &Workers) -> std::thread::JoinHandle<()> {
    spawn_periodic("billing-housekeeping", interval, workers, move || {
        let Ok(mut conn) = state.pool.get() else { return };
        let gate = db::Gate::new(&mut conn);
        let store = db::PgBillingStore::on(&gate);
        let billing = billing::Billing::new(&store, state.clock.now());
        match billing.end_renewals(state.payments.gateways()) {
            Ok(0) => {}
            Ok(ended) => tracing::info!(ended, "ended renewals of deleted accounts and of subscriptions a better purchase replaced"),
            Err(error) => tracing::warn!(%error, "could not end renewals"),
        }
    })
}

/// Every `interval` (never when it is zero), reconciles every charge with its provider and
/// repairs what is safe to repair; each difference is logged.
fn spawn_reconcile(state: AppState, interval: Duration, workers: &Workers) -> std::thread::JoinHandle<()> {
    if interval.is_zero() {
        return std::thread::spawn(|| {});
    }
    spawn_periodic("reconcile", interval, workers, move || {
        let Ok(mut conn) = state.pool.get() else { return };
        let gate = db::Gate::new(&mut conn);
        let store = db::PgBillingStore::on(&gate);
        let site = state.config.public_url.clone();
        let billing = billing::Billing::new(&store, state.clock.now()).with_site(&site);
        match billing.reconcile(state.payments.gateways(), &state.payments.secrets, true) {
            Ok(report) => {
                for problem in report.differences() {
                    tracing::warn!(%problem, "reconcile");
                }
            }
            Err(error) => tracing::warn!(%error, "could not reconcile"),
        }
    })
}

/// Keeps the commission ledger up to date with billing (credits for referred members' payments,
/// reversals for refunds), every `interval`, after attributing the referral links sign-ups left
/// unsettled (a process that died between the account and its referrer). The ledger rules make each pass idempotent, so a pass
/// cut off by a crash is finished by the next.
fn spawn_commission_ledger(state: AppState, interval: Duration, workers: &Workers) -> std::thread::JoinHandle<()> {
    spawn_periodic("commission-ledger", interval, workers, move || {
        let Ok(mut conn) = state.pool.get() else { return };
        let gate = db::Gate::new(&mut conn);
        let store = db::PgReferralStore::on(&gate);
        let referrals = referral::Referrals::new(&store, state.clock.now(), &state.config.public_url).with_refund_window(state.config.referral_refund_window);
        // Referrers first, so that their referred members' payments credit them in this pass.
        match referrals.settle_sign_up_referrals(None) {
            Ok(0) => {}
            Ok(attributed) => tracing::info!(attributed, "attributed referral links a sign-up left unsettled"),
            Err(error) => tracing::warn!(%error, "could not settle sign-up referrals"),
        }
        match referrals.settle_commissions() {
            Ok((0, 0)) => {}
            Ok((credited, reversed)) => tracing::info!(credited, reversed, "settled referral commissions"),
            Err(error) => tracing::warn!(%error, "could not settle referral commissions"),
        }
    })
}

/// Runs the summariser's jobs (with the configured language model, if any), every `interval`, one after another until none waits. A job a
/// dead process left half done is taken again once stale (see `SummaryStore::claim`).
fn spawn_summariser(state: AppState, interval: std::time::Duration, workers: &Workers) -> std::thread::JoinHandle<()> {
    let fetcher = web_fetch::SafeFetcher::new(state.config.ai_fetch_allow.clone());
    let limits = crate::document_reader::ReaderLimits::default();
    let reader = match &state.config.document_reader {
        Some(program) => crate::document_reader::ChildProcessReader { program: program.clone(), limits },
        None => match crate::document_reader::ChildProcessReader::beside_this_program(limits) {
            Ok(reader) => reader,
            Err(error) => {
                tracing::error!(%error, "the document reader cannot be found; summaries of files and links will fail");
                crate::document_reader::ChildProcessReader { program: "extract-document".into(), limits }
            }
        },
    };
    // Made on the worker's thread: a blocking HTTP client may not be made or dropped on the
    // server's async runtime.
    let mut model: Option<Option<language_model::OpenAiCompatible>> = None;
    spawn_periodic("summariser", interval, workers, move || loop {
        let model = model.get_or_insert_with(|| {
            state.config.ai_model.clone().and_then(|settings| match language_model::OpenAiCompatible::new(settings) {
                Ok(model) => Some(model),
                Err(error) => {
                    tracing::warn!(%error, "the language model is configured but cannot be used; summaries are made offline");
                    None
                }
            })
        });
        let Ok(mut conn) = state.pool.get() else { return };
        let gate = db::Gate::new(&mut conn);
        let store = db::PgSummaryStore::on(&gate);
        let model = model.as_ref().map(|m| m as &dyn summariser::ports::LanguageModel);
        match summariser::Summariser::new(&store, state.clock.now()).run_next(&fetcher, &reader, model) {
            Ok(true) => continue,
            Ok(false) => return,
            Err(error) => {
                tracing::warn!(%error, "could not run a summary job");
                return;
            }
        }
    })
}

/// Mails the ten-day plans' reminders that are due, every `interval` (a reminder is recorded
/// with its mail in one transaction, so two instances never send one twice).
fn spawn_reminders(state: AppState, interval: std::time::Duration, workers: &Workers) -> std::thread::JoinHandle<()> {
    spawn_periodic("ten-day-reminders", interval, workers, move || {
        let Ok(mut conn) = state.pool.get() else { return };
        let gate = db::Gate::new(&mut conn);
        let store = db::PgChallengeStore::on(&gate);
        match challenge::Challenge::new(&store, state.clock.now(), &state.config.public_url).send_due_reminders() {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "sent ten-day reminders"),
            Err(error) => tracing::warn!(%error, "could not send ten-day reminders"),
        }
    })
}

/// Adds the readers saves have queued to their books' counters, on every instance (taking the
/// queue is atomic, so instances cannot count a reader twice).
fn spawn_read_counts(pool: db::DbPool, workers: &Workers) -> std::thread::JoinHandle<()> {
    spawn_periodic("read-counts", READ_COUNTS_INTERVAL, workers, move || {
        let Ok(mut conn) = pool.get() else { return };
        if let Err(error) = db::progress::history::fold_pending_reads(&mut conn) {
            tracing::warn!(%error, "could not add new readers to the read counts");
        }
    })
}

/// Drops throttling records and sent mail older than their retention (configuration), expired
/// sign-in states and two-factor challenges, and recounts each
/// book's reads of the last 30 days (trending), every ten minutes, on one instance at a time (an
/// advisory lock: the others skip the pass).
fn spawn_housekeeping(pool: db::DbPool, clock: Arc<dyn Clock>, retention: Retention, workers: &Workers) -> std::thread::JoinHandle<()> {
    spawn_periodic("housekeeping", std::time::Duration::from_secs(600), workers, move || {
        let Ok(mut conn) = pool.get() else { return };
        let now = clock.now();
        if let Err(error) = db::operators::once_across_instances(&mut conn, db::operators::HOUSEKEEPING_LOCK, |conn| housekeeping_pass(conn, now, &retention)) {
            tracing::warn!(%error, "could not run housekeeping");
        }
    })
}

fn housekeeping_pass(conn: &mut diesel::PgConnection, now: kernel::Timestamp, retention: &Retention) {
    if let Err(error) = db::prune_attempts(conn, now - retention.attempts) {
        tracing::warn!(%error, "could not prune throttling records");
    }
    if let Err(error) = db::mail_queue::prune_done(conn, now - retention.sent_mail) {
        tracing::warn!(%error, "could not prune sent mail");
    }
    if let Err(error) = db::prune_oauth_states(conn, now) {
        tracing::warn!(%error, "could not prune sign-in states");
    }
    if let Err(error) = db::prune_login_challenges(conn, now) {
        tracing::warn!(%error, "could not prune two-factor challenges");
    }
    if let Err(error) = db::progress::history::refresh_recent_reads(conn, reading_progress::history::trending_since(now)) {
        tracing::warn!(%error, "could not refresh trending counts");
    }
}
