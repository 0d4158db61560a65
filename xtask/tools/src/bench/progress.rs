//! `bench progress`: PUT /api/user-book-history/ from many paid members (random books and
//! sections, one save in twenty a completion) against pgbench `-N`, with the server's CPU profile and
//! the database's statements during the run, as `bench reader` prints them.

use super::{profile, wrk, Rig};
use anyhow::{Context, Result};
use diesel::prelude::*;
use xtask::util::step;

/// Distinct members saving at once.
const MEMBERS: usize = 200;
/// Books they read (the first ones with a body).
const BOOKS: i64 = 1_000;

pub(super) fn run(rig: &Rig) -> Result<()> {
    let tps = rig.pgbench(&["-N"])?;
    step(&format!("Registering {MEMBERS} paid members"));
    let client = rig.client()?;
    let tokens = (0..MEMBERS).map(|n| rig.paid_member(&client, &format!("reader-{n}@bench.example"))).collect::<Result<Vec<_>>>()?;
    let books: Vec<i64> = {
        use db::schema::books;
        let mut conn = PgConnection::establish(&rig.url)?;
        books::table.filter(books::body.ne("")).select(books::id).order(books::id).limit(BOOKS).load(&mut conn)?
    };
    anyhow::ensure!(!books.is_empty(), "the benchmark database has no books");

    let target = format!("{}/api/user-book-history/", rig.base);
    let check = client.put(&target).bearer_auth(&tokens[0]).json(&serde_json::json!({"bookId": books[0], "position": 1, "completed": false})).send()?;
    anyhow::ensure!(check.status().is_success(), "a position save failed: {} {}", check.status(), check.text().unwrap_or_default());

    let script = rig.scratch.join("progress.lua");
    std::fs::write(&script, lua_script(&tokens, &books)).context("writing the wrk script")?;
    let script = script.display().to_string();
    let statistics = profile::reset_statements(&rig.url);
    wrk("PUT /api/user-book-history/ from many members", &["-s", &script, &target], tps)?;
    if statistics {
        profile::print_statements(&rig.url, "the history save")?;
    }
    profile::profiled_run(rig, "the history save", &["-s", &script, &target])?;
    Ok(())
}

/// A wrk script: each request a random member, book and section; 5% completions.
pub(super) fn lua_script(tokens: &[String], books: &[i64]) -> String {
    let tokens = tokens.iter().map(|t| format!("{t:?}")).collect::<Vec<_>>().join(",");
    let books = books.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    format!(
        r#"local tokens = {{{tokens}}}
local books = {{{books}}}
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end
function init(args)
  math.randomseed(seed * 7919 + os.time())
end
function request()
  local token = tokens[math.random(#tokens)]
  local book = books[math.random(#books)]
  local completed = "false"
  if math.random(20) == 1 then completed = "true" end
  local body = string.format('{{"bookId":%d,"position":%d,"completed":%s}}', book, math.random(0, 7), completed)
  return wrk.format("PUT", nil, {{["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json"}}, body)
end
"#
    )
}
