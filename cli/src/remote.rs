//! Addresses of remote places on the command line (`smb://nas/photos`, `sftp://host/srv`):
//! mounted through GVfs as the desktop mounts them when they are not yet (anonymously
//! first; a password or a question is asked on a terminal, and is an error otherwise),
//! then worked on through their path in GVfs's FUSE folder.

use std::io::{BufRead, IsTerminal, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, bail};
use porpoise_engine::remote::{
    Address, Gvfs, MountEvent, Mounting, PasswordAnswer, RemoteError, looks_like_address, resolve,
};

/// The addresses given on the command line, each with the path in GVfs's FUSE folder it
/// is worked on through, so what the command says names them as they were given.
static GIVEN: Mutex<Vec<(PathBuf, Address)>> = Mutex::new(Vec::new());

/// `arg` as a local path: itself, or for an address the path GVfs's FUSE folder shows it
/// at, mounting its place first if needed.
pub fn local(arg: &Path) -> anyhow::Result<PathBuf> {
    if !looks_like_address(arg.as_os_str().as_bytes()) {
        return Ok(arg.to_owned());
    }
    let address = Address::parse(arg.as_os_str().as_bytes())?;
    let path = match resolve::fuse_path(&address) {
        Some(path) => path,
        None => {
            let mounted = mount(&address)?;
            match mounted.path.or_else(|| resolve::fuse_path(&address)) {
                Some(path) => path,
                None => Err(RemoteError::NoFusePath { uri: address.uri() })?,
            }
        }
    };
    if let Ok(mut given) = GIVEN.lock() {
        given.push((path.clone(), address));
    }
    Ok(path)
}

/// The address `path` stands for when it is at or below an address given on the command
/// line (the deepest such one); `None` for any other path.
pub fn address_of(path: &Path) -> Option<Address> {
    let given = GIVEN.lock().ok()?;
    let (rest, address) = given
        .iter()
        .filter_map(|(local, address)| Some((path.strip_prefix(local).ok()?, address)))
        .min_by_key(|(rest, _)| rest.as_os_str().len())?;
    address.below(rest)
}

/// Every argument as a local path (see [`local`]).
pub fn local_all(args: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    args.iter().map(|a| local(a)).collect()
}

/// Mount `address`, asking on the terminal what GVfs asks.
fn mount(address: &Address) -> anyhow::Result<porpoise_engine::remote::Mounted> {
    let gvfs = Gvfs::start()?;
    let job = gvfs.mount(address);
    let terminal = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    while let Some(event) = job.events().next() {
        match event {
            MountEvent::Connecting { .. } => {}
            MountEvent::PasswordAsked(ask) => {
                if !terminal {
                    give_up(&job);
                    bail!(
                        "{} needs a password (anonymous access was refused); run the command on a terminal to give it",
                        address.uri()
                    );
                }
                if ask.attempt > 1 {
                    eprintln!("porpoise: that login was refused");
                }
                eprintln!("porpoise: {}", ask.message);
                let user = if ask.needs_user {
                    prompt(&format!("User [{}]: ", ask.default_user))?
                } else {
                    String::new()
                };
                let password =
                    rpassword::prompt_password("Password: ").context("cannot read the password")?;
                job.answer_password(PasswordAnswer {
                    user: (!user.is_empty()).then_some(user),
                    ..PasswordAnswer::login(&ask.default_user, &password)
                });
            }
            MountEvent::QuestionAsked(q) => {
                if !terminal {
                    give_up(&job);
                    bail!(
                        "connecting to {} asks a question, which needs a terminal: {}",
                        address.uri(),
                        q.message
                    );
                }
                eprintln!("porpoise: {}", q.message);
                for (i, c) in q.choices.iter().enumerate() {
                    eprintln!("  {}) {c}", i + 1);
                }
                let picked = prompt("Choice: ")?.trim().parse::<usize>().unwrap_or(0);
                if picked == 0 || picked > q.choices.len() {
                    job.cancel();
                } else {
                    job.answer_question(picked - 1);
                }
            }
            MountEvent::Mounted(m) => return Ok(m),
            MountEvent::Failed(e) => return Err(e.into()),
        }
    }
    bail!("the mount of {} ended without a word", address.uri())
}

/// Cancel the mount and wait for its end: GVfs then has given up the attempt, which a
/// later mount of the same place would otherwise wait for.
fn give_up(job: &Mounting) {
    job.cancel();
    while let Some(event) = job.events().next() {
        if event.is_final() {
            break;
        }
    }
}

/// A line read from the terminal after `question`.
fn prompt(question: &str) -> anyhow::Result<String> {
    eprint!("{question}");
    std::io::stderr().flush()?;
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(line.trim_end_matches(['\n', '\r']).to_owned())
}
