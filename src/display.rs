//! Finding the display before the window opens. A window started with the session (or by
//! a script right after `Xvfb`) can come before its X server accepts connections: it waits
//! a few seconds for it, and without one it says so in words and exits, instead of the
//! windowing library's panic.

use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long the window waits for its display to accept connections.
pub const DISPLAY_WAIT: Duration = Duration::from_secs(10);

/// Why the window has no display.
#[derive(Debug, thiserror::Error)]
pub enum DisplayError {
    #[error("no display: neither WAYLAND_DISPLAY nor DISPLAY is set")]
    Unset,
    #[error("the display {display} does not accept connections")]
    NotAnswering {
        display: String,
        #[source]
        cause: std::io::Error,
    },
}

/// Wait until the session's display accepts a connection, for at most `limit`. Wayland
/// (a set `WAYLAND_DISPLAY`) and X displays other than a local `:N` are left to the
/// windowing library.
pub fn wait_for_display(limit: Duration) -> Result<(), DisplayError> {
    if std::env::var_os("WAYLAND_DISPLAY").is_some_and(|v| !v.is_empty()) {
        return Ok(());
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(DisplayError::Unset);
    }
    let Some(socket) = local_socket(&display) else {
        return Ok(());
    };
    let start = Instant::now();
    loop {
        match UnixStream::connect(&socket) {
            Ok(_) => return Ok(()),
            Err(cause) if start.elapsed() >= limit => {
                return Err(DisplayError::NotAnswering { display, cause });
            }
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// The socket of a local X display (`:N` or `:N.S`, also `unix:N`).
fn local_socket(display: &str) -> Option<PathBuf> {
    let rest = display
        .strip_prefix(':')
        .or_else(|| display.strip_prefix("unix:"))?;
    let number = rest.split('.').next()?;
    number.parse::<u32>().ok()?;
    Some(PathBuf::from(format!("/tmp/.X11-unix/X{number}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_displays_have_sockets_and_others_are_left_alone() {
        assert_eq!(local_socket(":0"), Some("/tmp/.X11-unix/X0".into()));
        assert_eq!(local_socket(":99.0"), Some("/tmp/.X11-unix/X99".into()));
        assert_eq!(local_socket("unix:7"), Some("/tmp/.X11-unix/X7".into()));
        assert_eq!(local_socket("remote:10.0"), None);
        assert_eq!(local_socket(":x"), None);
    }
}
