use credentials::{BiscuitTokens, Keyring};
use identity::model::AccessClaims;
use identity::ports::AccessTokens;
use kernel::{Role, UserId};

#[test]
fn scratch() {
    let tokens = BiscuitTokens::new(Keyring::generate(), None);
    let now = chrono::Utc::now();
    let claims = AccessClaims { user_id: UserId(1), role: Role::Member, issued_at: now, expires_at: now + chrono::Duration::hours(1) };
    let token = tokens.issue(&claims).unwrap();
    let run = |label: &str| {
        let mut errors = std::collections::BTreeMap::new();
        let mut max = std::time::Duration::ZERO;
        for _ in 0..2000 {
            let t = std::time::Instant::now();
            if let Err(e) = tokens.verify(&token, now) { *errors.entry(format!("{e:?}")).or_insert(0) += 1; }
            max = max.max(t.elapsed());
        }
        println!("{label}: errors {errors:?}, slowest {max:?}");
    };
    run("idle");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let burners: Vec<_> = (0..3).map(|_| { let stop = stop.clone(); std::thread::spawn(move || { let mut x = 0u64; while !stop.load(std::sync::atomic::Ordering::Relaxed) { x = x.wrapping_mul(31).wrapping_add(7); } x }) }).collect();
    run("busy");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for b in burners { b.join().unwrap(); }
}
