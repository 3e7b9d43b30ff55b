//! Archives as data from anywhere: what an entry's name may become inside the folder an
//! archive is extracted into, where an archive's entries land, reading the formats one
//! entry at a time, writing beneath the extraction folder alone, and making archives.
//! Extracting is a job (`jobs::extract`).

pub mod beneath;
pub mod browse;
pub mod compress;
pub mod format;
pub mod landing;
pub mod list;
pub mod names;
pub mod read;
pub mod unchanged;
