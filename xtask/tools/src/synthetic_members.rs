//! `cargo xtask seed --synthetic-members N [--history M]`: members `member-1` to `member-N`
//! (`member-{n}@synthetic.example`, password `synthetic-member-1`, a third on a lifetime plan) with
//! about M reading-history rows among them, a library (a quarter of each member's history) and the
//! days their completions fell on, for scale tests (`bench scale`). PostgreSQL generates the rows
//! (`INSERT ... SELECT ... FROM generate_series`), `CHUNK` members at a time, each chunk one
//! transaction; every value is a deterministic function of the member's number. Members already
//! there are skipped (the run starts after the highest `member-{n}`), so a rerun adds nothing.

use anyhow::{ensure, Result};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Float8, Text};
use identity::model::Password;
use identity::ports::PasswordHasher;
use std::time::Instant;

/// Every synthetic member's password.
pub const PASSWORD: &str = "synthetic-member-1";
/// History rows per member when `--history` is not given.
pub const HISTORY_PER_MEMBER: i64 = 20;
/// Members per chunk (each its own transaction, with its history, library and days).
const CHUNK: i64 = 100_000;
/// The share of history entries completed.
const COMPLETED: f64 = 0.35;

pub fn email(n: i64) -> String {
    format!("member-{n}@synthetic.example")
}

#[derive(QueryableByName)]
struct Number {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Added {
    #[diesel(sql_type = BigInt)]
    history: i64,
    #[diesel(sql_type = BigInt)]
    days: i64,
}

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    yes: bool,
}

/// The highest `n` of the `member-{n}@synthetic.example` accounts; 0 without any.
pub fn highest_member(conn: &mut PgConnection) -> Result<i64> {
    let row: Number = diesel::sql_query(
        r"SELECT coalesce(max(substring(email FROM '^member-([0-9]+)@synthetic\.example$')::bigint), 0) AS n
          FROM users WHERE email LIKE 'member-%@synthetic.example'",
    )
    .get_result(conn)?;
    Ok(row.n)
}

/// A number in [0, 1) from the bigint SQL expression `x`: a Weyl sequence (`x` times an
/// irrational-ish fraction of 2^31 - 1, modulo it), so consecutive `x` spread evenly; each field
/// has its own multiplier, so fields of one row look independent.
fn unit(x: &str, multiplier: i64) -> String {
    format!("(((({x}) % 2147483647 + 1) * {multiplier} % 2147483647)::float8 / 2147483647)")
}

// Multipliers: 2^31 - 1 times (sqrt 5 - 1)/2, sqrt 2 - 1, sqrt 3 - 1, sqrt 5 - 2, sqrt 7 - 2,
// (sqrt 13 - 3)/2, (sqrt 17 - 3)/2, sqrt 11 - 3, pi - 3.
const M_COUNT: i64 = 1_327_217_884;
const M_OFFSET: i64 = 889_516_852;
const M_CREATED: i64 = 1_572_067_138;
const M_PAID: i64 = 506_952_121;
const M_STARTED: i64 = 1_386_740_381;
const M_UPDATED: i64 = 650_205_731;
const M_DONE: i64 = 1_205_925_482;
const M_POSITION: i64 = 679_946_560;
const M_ADDED: i64 = 304_067_908;

/// Per member of the chunk: its id, number, history length (`cnt`, uniform on 0 to twice the
/// average, at most the number of books) and where in the book list its books start (`off`).
/// $1 the book ids, $2 how many, $3 twice the average history plus one.
fn chunk_members() -> String {
    format!(
        "(SELECT c.id, c.n, least(floor({} * $3)::bigint, $2) AS cnt, floor({} * $2)::bigint AS off FROM synthetic_chunk c)",
        unit("c.n", M_COUNT),
        unit("c.n", M_OFFSET)
    )
}

/// Adds the members of `member-1` to `member-{members}` not there yet and, for them, about
/// `history / members` history rows each (over `history` in all when every member is new).
pub fn add_synthetic_members(conn: &mut PgConnection, members: i64, history: i64) -> Result<()> {
    ensure!(members > 0 && history >= 0, "--synthetic-members needs a positive number and --history one of zero or more");
    let first = highest_member(conn)? + 1;
    if first > members {
        println!("{} synthetic members already there.", first - 1);
        return Ok(());
    }
    let books: Vec<i64> = {
        use db::schema::books;
        books::table.select(books::id).order(books::id).load(conn)?
    };
    ensure!(!books.is_empty(), "seed books first (cargo xtask seed)");
    let book_count = books.len() as i64;
    let spread = 2.0 * history as f64 / members as f64 + 1.0;

    // One fixed hash for everyone, made as the server makes them, so a bench can sign in as any.
    let hash = credentials::Argon2Hasher::default().hash(&Password::parse(PASSWORD)?)?;
    // Foreign-key checks would double the time; the rows point at members just inserted and at
    // books read above (deleting a book only marks it), so a superuser skips them for the chunk.
    let superuser = diesel::sql_query("SELECT current_setting('is_superuser') = 'on' AS yes").get_result::<Flag>(conn)?.yes;
    conn.batch_execute("CREATE TEMP TABLE IF NOT EXISTS synthetic_chunk (n BIGINT PRIMARY KEY, id BIGINT NOT NULL)")?;

    let add_users = format!(
        r"WITH added AS (
            INSERT INTO users (email, password_hash, first_name, last_name, role, timezone, plan_id, paid_date, created_at)
            SELECT 'member-' || n || '@synthetic.example', $1, 'Member', n::text, 'member', 'UTC',
                   CASE WHEN n % 3 = 0 THEN 'lifetime' END,
                   CASE WHEN n % 3 = 0 THEN t.created + (now() - t.created) * {paid} END,
                   t.created
            FROM generate_series($2::bigint, $3::bigint) AS n
            CROSS JOIN LATERAL (SELECT now() - interval '730 days' * {created} AS created) t
            ON CONFLICT (email) DO NOTHING
            RETURNING id, email)
          INSERT INTO synthetic_chunk (n, id) SELECT substring(email FROM '^member-([0-9]+)@')::bigint, id FROM added",
        paid = unit("n", M_PAID),
        created = unit("n", M_CREATED),
    );
    // Each member reads `cnt` consecutive books of the list from `off` (so each book once),
    // started within the last year, last read since, about a third completed; and the days (UTC,
    // the members' timezone) with a completion, for the streaks.
    let add_history = format!(
        r"WITH added AS (
            INSERT INTO reading_history (user_id, book_id, position, completed, completed_at, started_at, updated_at)
            SELECT m.id, $1[(1 + (m.off + j) % $2)::int],
                   CASE WHEN r.done THEN 4 ELSE r.position END, r.done, CASE WHEN r.done THEN r.updated END, r.started, r.updated
            FROM {members} m
            CROSS JOIN LATERAL generate_series(0, m.cnt - 1) AS j
            CROSS JOIN LATERAL (SELECT m.n * 4096 + j AS x) k
            CROSS JOIN LATERAL (SELECT now() - interval '365 days' * {started} AS started) s
            CROSS JOIN LATERAL (
              SELECT s.started, s.started + (now() - s.started) * {updated} AS updated,
                     {done} < {COMPLETED} AS done, floor({position} * 4)::int AS position) r
            ON CONFLICT DO NOTHING
            RETURNING user_id, completed_at),
          days AS (
            INSERT INTO reading_days (user_id, day)
            SELECT DISTINCT user_id, (completed_at AT TIME ZONE 'UTC')::date FROM added WHERE completed_at IS NOT NULL
            ON CONFLICT DO NOTHING
            RETURNING 1)
          SELECT (SELECT count(*) FROM added) AS history, (SELECT count(*) FROM days) AS days",
        members = chunk_members(),
        started = unit("k.x", M_STARTED),
        updated = unit("k.x", M_UPDATED),
        done = unit("k.x", M_DONE),
        position = unit("k.x", M_POSITION),
    );
    // The first quarter of each member's books, saved at some point in the last year.
    let add_library = format!(
        r"INSERT INTO library_items (user_id, book_id, added_at)
          SELECT m.id, $1[(1 + (m.off + j) % $2)::int], now() - interval '365 days' * {added}
          FROM {members} m
          CROSS JOIN LATERAL generate_series(0, m.cnt / 4 - 1) AS j
          ON CONFLICT DO NOTHING",
        members = chunk_members(),
        added = unit("m.n * 4096 + j", M_ADDED),
    );

    let started = Instant::now();
    let mut totals = [0usize; 4];
    let mut from = first;
    while from <= members {
        let to = (from + CHUNK - 1).min(members);
        let counts = conn.transaction(|conn| -> Result<[usize; 4]> {
            if superuser {
                conn.batch_execute("SET LOCAL session_replication_role = replica")?;
            }
            conn.batch_execute("TRUNCATE synthetic_chunk")?;
            let users = diesel::sql_query(&add_users).bind::<Text, _>(&hash).bind::<BigInt, _>(from).bind::<BigInt, _>(to).execute(conn)?;
            let bind =
                |sql: &str| diesel::sql_query(sql.to_owned()).bind::<Array<BigInt>, _>(books.clone()).bind::<BigInt, _>(book_count).bind::<Float8, _>(spread);
            let added: Added = bind(&add_history).get_result(conn)?;
            let library = bind(&add_library).execute(conn)?;
            Ok([users, added.history as usize, library, added.days as usize])
        })?;
        for (total, count) in totals.iter_mut().zip(counts) {
            *total += count;
        }
        println!(
            "Seeding synthetic members: {to}/{members} ({} added; {} history rows, {} library items, {} reading days; {:.0} s)",
            totals[0],
            totals[1],
            totals[2],
            totals[3],
            started.elapsed().as_secs_f64()
        );
        from = to + 1;
    }
    conn.batch_execute("DROP TABLE IF EXISTS synthetic_chunk; ANALYZE users, reading_history, library_items, reading_days")?;
    println!("Synthetic members: password {PASSWORD:?}, every third one on a lifetime plan.");
    Ok(())
}
