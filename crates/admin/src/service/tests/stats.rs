//! The statistics use case: its range and what it adds up.

use super::*;
use crate::stats::DailyStats;
use chrono::NaiveDate;

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
}

#[test]
fn the_default_range_is_the_last_thirty_days_and_bad_ranges_are_refused() {
    let store = InMemoryAdmin::default();
    store.daily.borrow_mut().push(DailyStats { day: day(22), signups: 3, active: 10, completions: 2, purchases: 1 });
    store.daily.borrow_mut().push(DailyStats { day: day(20), signups: 1, active: 4, completions: 0, purchases: 0 });
    let admin = Admin::new(&store, now());
    let stats = admin.stats(None, None).unwrap();
    assert_eq!((stats.from, stats.to), (day(22) - chrono::Duration::days(29), day(22)));
    assert_eq!(stats.days.len(), 30);
    assert_eq!(stats.days.last().unwrap().signups, 3);
    assert_eq!(stats.actives.daily, 10);
    assert_eq!(stats.actives.weekly, 14);
    for (from, to, message) in [
        (Some("2026-11-22"), Some("2026-11-01"), "The start must come before the end."),
        (Some("22/11/2026"), None, "Please give dates as yyyy-mm-dd."),
        (Some("2024-01-01"), Some("2026-01-01"), "Please choose at most 366 days."),
    ] {
        assert_eq!(admin.stats(from, to).unwrap_err().to_string(), message);
    }
    let one = admin.stats(Some("2026-11-20"), Some("2026-11-20")).unwrap();
    assert_eq!(one.days.len(), 1);
    assert_eq!(one.days[0].active, 4);
}

/// Security III §7: the CSV download is in the audit log, with who and which days; a refused
/// range records nothing.
#[test]
fn the_csv_export_is_in_the_audit_log() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    assert!(admin.stats_export(UserId(1), Some("2026-11-22"), Some("2026-11-01")).is_err());
    assert!(store.audit().is_empty());
    admin.stats_export(UserId(1), Some("2026-11-01"), Some("2026-11-20")).unwrap();
    let entry = &store.audit()[0];
    assert_eq!(
        (entry.action, entry.actor, entry.entity_id.as_str()),
        (crate::audit::AuditAction::ExportDownloaded, UserId(1), "gistbook-stats-2026-11-01-2026-11-20.csv")
    );
}
