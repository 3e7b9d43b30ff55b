//! The network neighbourhood in Places: what GVfs's `network:///` finds (servers announced
//! on the network, the Windows network), read off the UI thread when the person asks and
//! again each time; each server that has an address connects on a click. Nothing found is
//! said plainly, as is a neighbourhood that cannot be read.

use std::time::Duration;

use iced::Task;
use porpoise_engine::remote::{Address, NetworkError, neighbours};

use crate::i18n::fl;

/// How long GVfs may take to say what the network holds.
const PATIENCE: Duration = Duration::from_secs(8);

/// One thing found: its name, and its address when it is a server Porpoise can reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub name: String,
    pub address: Option<Address>,
}

/// What the neighbourhood shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Neighbourhood {
    /// Not asked for (folded).
    #[default]
    Folded,
    Looking,
    Found(Vec<Found>),
    /// Why it cannot be read, in words.
    Failed(String),
}

impl Neighbourhood {
    /// The entry was pressed: look (again), or fold what is shown.
    pub fn toggle(&mut self) -> Task<Result<Vec<Found>, String>> {
        match self {
            Neighbourhood::Folded | Neighbourhood::Failed(_) => {
                *self = Neighbourhood::Looking;
                crate::offload::work("the network neighbourhood reader", read)
            }
            Neighbourhood::Looking => Task::none(),
            Neighbourhood::Found(_) => {
                *self = Neighbourhood::Folded;
                Task::none()
            }
        }
    }

    /// What the reading found.
    pub fn found(&mut self, result: Result<Vec<Found>, String>) {
        if *self == Neighbourhood::Looking {
            *self = match result {
                Ok(found) => Neighbourhood::Found(found),
                Err(why) => Neighbourhood::Failed(why),
            };
        }
    }

    /// The line under the entry when there is no server to list: looking, nothing found,
    /// or why it cannot be read.
    pub fn said(&self) -> Option<String> {
        match self {
            Neighbourhood::Folded => None,
            Neighbourhood::Looking => Some(fl!("network-looking")),
            Neighbourhood::Found(found) if found.is_empty() => Some(fl!("network-nothing")),
            Neighbourhood::Found(_) => None,
            Neighbourhood::Failed(why) => Some(why.clone()),
        }
    }

    /// The servers found.
    pub fn servers(&self) -> &[Found] {
        match self {
            Neighbourhood::Found(found) => found,
            _ => &[],
        }
    }
}

/// Ask GVfs (blocking).
fn read() -> Result<Vec<Found>, String> {
    match neighbours(PATIENCE) {
        Ok(found) => Ok(found
            .into_iter()
            .map(|n| Found {
                name: n.name,
                address: n.address,
            })
            .collect()),
        Err(e) => {
            tracing::info!("{}", porpoise_engine::error::chain(&e));
            Err(match e {
                NetworkError::NoGvfs | NetworkError::NoBackend => fl!("network-no-gvfs"),
                NetworkError::TimedOut { .. } => fl!("network-timed-out"),
                NetworkError::Failed { .. } => fl!("network-failed"),
            })
        }
    }
}
