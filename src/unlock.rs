//! The passphrase dialog of an encrypted volume in Places: what was typed (never shown,
//! never logged, wiped when dropped), whether UDisks2 is being asked, and why it said no.

use std::fmt;

use porpoise_engine::devices::udisks::Unmounted;

/// The id of the dialog's passphrase field, which has the keyboard while it is open.
pub const PASSPHRASE_INPUT: &str = "unlock-passphrase";

/// A passphrase: its `Debug` hides it, and its bytes are overwritten when it is dropped.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Passphrase(String);

impl Passphrase {
    pub fn new(typed: String) -> Passphrase {
        Passphrase(typed)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Passphrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Passphrase(…)")
    }
}

impl Drop for Passphrase {
    fn drop(&mut self) {
        // Safe code can only overwrite it with another valid string of the same length.
        let len = self.0.len();
        self.0.clear();
        self.0.extend(std::iter::repeat_n('\0', len));
        std::hint::black_box(&self.0);
    }
}

/// The open dialog.
#[derive(Debug)]
pub struct UnlockView {
    pub volume: Unmounted,
    /// The volume's name as Places shows it.
    pub name: String,
    pub passphrase: Passphrase,
    /// UDisks2 is unlocking it: the dialog waits.
    pub busy: bool,
    /// Why the last try failed, in words.
    pub error: Option<String>,
}

impl UnlockView {
    pub fn new(volume: Unmounted, name: String) -> UnlockView {
        UnlockView {
            volume,
            name,
            passphrase: Passphrase::default(),
            busy: false,
            error: None,
        }
    }

    /// Can Unlock be pressed?
    pub fn ready(&self) -> bool {
        !self.busy && !self.passphrase.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passphrase_is_not_in_its_debug_text() {
        let p = Passphrase::new("correct horse".into());
        assert_eq!(format!("{p:?}"), "Passphrase(…)");
        assert_eq!(p.expose(), "correct horse");
    }
}
