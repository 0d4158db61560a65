//! The tools binary as `cargo xtask` runs it. (Also why it exists after the one workspace build:
//! cargo builds a package's binaries for its integration tests.)

use std::process::Command;

fn tools() -> Command {
    Command::new(env!("CARGO_BIN_EXE_xtask-tools"))
}

#[test]
fn help_lists_every_command_xtask_hands_over() {
    let output = tools().arg("help").output().unwrap();
    assert!(output.status.success());
    let usage = String::from_utf8(output.stdout).unwrap();
    for command in ["serve ", "serve-e2e ", "bench ", "seed ", "make-admin ", "totp ", "rotate-keys", "create-codes ", "import-codes "] {
        assert!(usage.lines().any(|line| line.trim_start().starts_with(command)), "{command:?} missing from:\n{usage}");
    }
}

#[test]
fn an_unknown_command_fails_and_says_so() {
    let output = tools().arg("no-such-command").output().unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("unknown command \"no-such-command\""), "{error}");
}

#[test]
fn serve_e2e_refuses_a_count_that_is_not_a_number() {
    let output = tools().args(["serve-e2e", "postgres://127.0.0.1:1/postgres", "three"]).output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8(output.stderr).unwrap().contains("N must be a number, not \"three\""));
}
