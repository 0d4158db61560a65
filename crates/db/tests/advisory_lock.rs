//! Periodic jobs run once across instances: while one connection holds a job's lock, another
//! skips the job; once released (or its connection gone), the next run takes it.

use db::operators::once_across_instances;
use db::testing::TestDatabase;

#[test]
fn a_job_held_elsewhere_is_skipped_and_taken_once_released() {
    let database = TestDatabase::new();
    let mut first = database.connect();
    let mut second = database.connect();
    let key = 42;
    let inner = once_across_instances(&mut first, key, |conn| once_across_instances(conn, key + 1, |_| "nested").unwrap()).unwrap();
    assert_eq!(inner, Some(Some("nested")));

    // The second instance runs while the first holds the lock: skipped.
    let skipped = once_across_instances(&mut first, key, |_| once_across_instances(&mut second, key, |_| "ran").unwrap()).unwrap();
    assert_eq!(skipped, Some(None));
    // Released after the first's run: the second takes it.
    assert_eq!(once_across_instances(&mut second, key, |_| "ran").unwrap(), Some("ran"));
    // A connection that dies with the lock releases it.
    {
        let mut dying = database.connect();
        diesel::RunQueryDsl::execute(diesel::sql_query("SELECT pg_advisory_lock(42)"), &mut dying).unwrap();
        assert_eq!(once_across_instances(&mut second, key, |_| "ran").unwrap(), None);
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(once_across_instances(&mut second, key, |_| "ran").unwrap(), Some("ran"));
}
