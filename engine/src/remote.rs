//! Remote places (SMB, SFTP, FTP, WebDAV, NFS shares) mounted through GVfs, as the
//! desktop mounts them: by the user's own GVfs daemons (nothing runs as root), seen by
//! every other program, browsed through GVfs's FUSE folder. Addresses are read in
//! [`address`]; [`Gvfs`] runs GIO on a thread of its own, where mounting and unmounting
//! are jobs that report events and take answers; [`resolve`] turns an address into its
//! FUSE path and back; [`network`] reads what the network neighbourhood shows.

pub mod address;
mod backend;
mod error;
mod events;
mod gvfs;
mod mount;
pub mod network;
pub mod resolve;
mod settable;
mod settle;
mod unmount;

pub use address::{Address, AddressError, Scheme, looks_like_address};
pub use error::{Action, Failure, RemoteError};
pub use events::{
    MountEvent, Mounted, PasswordAnswer, PasswordAsk, Question, Remember, UnmountEvent,
};
pub use gvfs::Gvfs;
pub use mount::{MountAnswers, Mounting};
pub use network::{Neighbour, NetworkError, neighbours};
pub use settable::Settable;
