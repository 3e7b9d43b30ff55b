# Porpoise — English (fallback) strings of the window.

app-name = Porpoise
window-title = Porpoise — { $folder }

## Places panel
places-heading = Places
devices-heading = Devices
network-heading = Network
place-home = Home
place-desktop = Desktop
place-documents = Documents
place-downloads = Downloads
place-music = Music
place-pictures = Pictures
place-videos = Videos
place-trash = Trash
place-filesystem = File System
# Under a device or share in Places, and its unmount button
device-writing = writing… { $left } left
device-finishing = writing to the device…
device-safe-to-remove = safe to remove
device-all-on-share = all data is on the share
device-not-all-written = not all data was written
device-eject-tip = Unmount and eject
device-eject-still-writing = Porpoise is still writing to { $name }; wait until it is done or cancel the copy
device-ejecting = Unmounting { $name }…
device-ejected = { $name } was unmounted and can be unplugged
device-eject-no-udisks = Unmounting needs the UDisks2 service, which is not running
device-eject-unknown = UDisks2 does not know a device mounted as { $name }
device-eject-busy = { $name } is in use and cannot be unmounted: { $message }
device-eject-not-allowed = Not allowed to unmount { $name }: { $message }
device-eject-refused = Could not unmount { $name }: { $message }
device-volume-unnamed = { $size } volume
device-mount-tip = Not mounted: a click mounts it
device-mounting = Mounting { $name }…
device-mount-no-udisks = Mounting needs the UDisks2 service, which is not running
device-mount-not-allowed = Not allowed to mount { $name }: { $message }
device-mount-busy = { $name } is in use and cannot be mounted: { $message }
device-mount-refused = Could not mount { $name }: { $message }
device-encrypted-volume = the encrypted volume
device-unlock-tip = Encrypted: a click asks for its passphrase
device-unlock-title = Unlock { $name }
device-unlock-explain = { $name } is encrypted. Once unlocked, it is mounted and opened.
device-unlock-passphrase = Passphrase
device-unlock-button = Unlock
device-unlock-cancel = Cancel
device-unlocking = Unlocking { $name }…
device-unlock-no-udisks = Unlocking needs the UDisks2 service, which is not running
device-unlock-not-allowed = Not allowed to unlock { $name }: { $message }
device-unlock-refused = Could not unlock { $name }: { $message }

## Toolbar and location bar
tooltip-back = Back (Alt+Left)
tooltip-forward = Forward (Alt+Right)
tooltip-up = Up (Alt+Up)
tooltip-reload = Reload (F5)
tooltip-details = Details view
tooltip-icons = Icons view
tooltip-hidden = Show hidden files (Ctrl+H)
tooltip-location = Type a location (Ctrl+L)
location-placeholder = Type a path and press Enter
tooltip-filter = Filter the shown items (Ctrl+I)
tooltip-menu = Settings
filter-placeholder = Filter…

## Columns
column-name = Name
column-size = Size
column-modified = Modified
column-type = Type
column-owner = Owner
column-group = Group
column-permissions = Permissions
column-created = Created
column-accessed = Accessed
column-extension = Extension

## What the file view says instead of a list
view-loading = Loading…
view-no-answer = { $place } does not answer. The server may be slow or gone; you can go elsewhere meanwhile.
view-retry = Retry
view-empty = This folder is empty.
view-no-match = No items match “{ $filter }”.
view-hidden-only = This folder only contains hidden files. Press Ctrl+H to show them.
error-permission = You don't have permission to open this folder.
error-not-found = This folder no longer exists.
error-does-not-exist = “{ $path }” does not exist.
error-not-a-folder = This is not a folder.
error-other = This folder could not be opened: { $error }

## Status bar
size-items = { $count ->
    [one] 1 item
   *[other] { $count } items
}
status-items = { $count ->
    [one] 1 item
   *[other] { $count } items
}
status-items-filtered = { $shown } of { $total ->
    [one] 1 item
   *[other] { $total } items
}
status-selected = { $count ->
    [one] 1 selected ({ $size })
   *[other] { $count } selected ({ $size })
}
status-selected-folders = { $count ->
    [one] 1 selected
   *[other] { $count } selected
}
status-free = { $size } free
status-loading = Loading…
status-open-no-program = Could not start “{ $app }”: its program is not installed
status-open-cannot-start = Could not start “{ $app }”: { $why }
status-open-no-folder = Could not start “{ $app }” in “{ $folder }”: { $why }
status-open-no-terminal = “{ $app }” runs in a terminal, and no terminal is installed
status-no-terminal = No terminal is installed
status-open-app-gone = “{ $app }” is no longer installed
status-default-failed = Could not make “{ $app }” the default: { $error }
status-settings-failed = Could not save the settings: { $error }

## Sizes (the number comes formatted, with the decimal separator below)
decimal-separator = .
size-bytes = { $count ->
    [one] 1 byte
   *[other] { $count } bytes
}
size-kb = { $n } kB
size-mb = { $n } MB
size-gb = { $n } GB
size-tb = { $n } TB

## Entry placeholders and markers
placeholder-pending = …
marker-vanished = Gone
marker-unreadable = Unreadable

## File types
type-folder = Folder
type-broken-link = Broken link
type-other = Other

## Job panel
job-items = { $count ->
    [one] 1 item
   *[other] { $count } items
}
job-item = “{ $name }”
job-copy = Copying { $what } to { $dest }
job-move = Moving { $what } to { $dest }
job-link = Linking { $what } in { $dest }
job-trash = Moving { $what } to the trash
job-delete = Deleting { $what }
job-permissions = Changing the permissions of { $what }
job-state-scanning = Preparing…
job-state-copying = Copying
job-state-deleting = Deleting
job-state-writing = Writing the copied data to the device…
job-state-verifying = Comparing the copies with the originals…
job-state-removing = Removing the originals…
job-state-permissions = Changing permissions…
job-state-paused = Paused
job-state-waiting = Waiting
job-waiting-next = Waiting for { $device }… (next)
job-waiting-place = Waiting for { $device }… (place { $place } in line)
job-start-now = Start now
job-move-up = Move up
job-move-down = Move down
job-state-done = Done
job-state-failed = Failed
job-state-cancelled = Cancelled
job-bytes = { $done } of { $total }
job-bytes-compared = { $done } of { $total } compared
job-files = { $done } of { $total ->
    [one] 1 file
   *[other] { $total } files
}
job-folders = { $done } of { $total ->
    [one] 1 folder
   *[other] { $total } folders
}
job-speed = { $speed }/s
job-time-left = { $time } left
job-pause = Pause
job-resume = Resume
job-cancel = Cancel
job-dismiss = Dismiss
job-clear-finished = Clear finished
job-show-failed = Show what failed ({ $count })
job-hide-failed = Hide what failed
# Files are everything but folders; a folder never counts among its own files.
job-files-count = { $count ->
    [one] 1 file
   *[other] { $count } files
}
job-folders-count = { $count ->
    [one] 1 folder
   *[other] { $count } folders
}
# "Copied 20 files and 1 folder": $files is job-files-count, $folders job-folders-count.
job-files-and-folders = { $files } and { $folders }
job-done-copy = Copied { $files }
job-done-move = Moved { $files }
job-done-link = Linked { $files }
job-done-trash = Moved { $files } to the trash
job-done-delete = Deleted { $files }
job-done-permissions = Changed the permissions of { $files }
job-summary-skipped = { $count } skipped
job-summary-failed = { $count } failed
job-summary-not-copied = { $count } not copied
job-summary-verified = { $count } read back and found equal
job-summary-attributes-lost = the destination did not keep some permissions, times or extended attributes
job-not-copied = not copied: the copy stopped before it
job-refused-into-itself = a folder cannot go into itself
job-skipped-special = left out: a kind of file this copy cannot make
job-skipped-name = left out: the destination cannot hold this name
job-skipped-too-large = left out: too large for the destination
job-skipped-changed = kept in place: it changed while it was being moved
job-refused-onto-itself = an item cannot be moved onto itself
duration-seconds = { $s } s
duration-minutes = { $m } min { $s } s
duration-hours = { $h } h { $m } min

## Conflict dialog
conflict-title = “{ $name }” already exists in “{ $folder }”
conflict-title-folder = A folder “{ $name }” already exists in “{ $folder }”
conflict-existing = Existing: { $size }, modified { $date }
conflict-incoming = Incoming: { $size }, modified { $date }
conflict-overwrite = Overwrite
conflict-overwrite-older = Overwrite if older
conflict-skip = Skip
conflict-rename = Keep both
conflict-cancel = Cancel
conflict-apply-all = Apply to all
conflict-title-merge = A folder “{ $name }” is already in “{ $folder }”
conflict-merge-body = Merging puts the incoming folder’s files into it; files that exist in both are asked about one by one.
conflict-merge = Merge
conflict-rename-to = Rename
conflict-new-name = New name:
conflict-name-refused = A name cannot be empty, “.” or “..”, or hold a “/”.
conflict-waiting = { $count ->
    [one] 1 more question is waiting.
   *[other] { $count } more questions are waiting.
}

## Pre-flight dialog
preflight-title = Some items cannot go to this destination as they are
preflight-title-blocked = This job cannot be done
preflight-replace = Replace characters with _
preflight-skip = Skip those items
preflight-cancel = Cancel
preflight-close = Close

## Delete dialog
delete-confirm-title = { $count ->
    [one] Delete “{ $name }” for good?
   *[other] Delete { $count } items for good?
}
delete-confirm-body = This cannot be undone.
delete-no-trash-body = { $place } keeps no trash: this cannot be undone.
broken-link-title = The link “{ $name }” is broken
broken-link-body = It cannot be opened: what it points to does not exist. Move the link to the trash?
broken-link-trash = Move to Trash
delete-confirm-delete = Delete
delete-confirm-cancel = Cancel

## Undo
undo-nothing = Nothing to undo
undo-done-copy = Undone: the copy of { $count ->
    [one] 1 item
   *[other] { $count } items
}
undo-done-move = Undone: the move of { $count ->
    [one] 1 item
   *[other] { $count } items
}
undo-done-trash = Restored { $count ->
    [one] 1 item
   *[other] { $count } items
} from the trash
undo-done-rename = Undone: the rename of “{ $name }”
undo-done-new-folder = Removed the new folder “{ $name }”
undo-done-mode = Set the permissions of “{ $name }” back
undo-done-modes = Set the permissions of { $count ->
    [one] 1 item
   *[other] { $count } items
} back
redo-nothing = Nothing to redo
redo-done-copy = Redone: the copy of { $count ->
    [one] 1 item
   *[other] { $count } items
}
redo-done-move = Redone: the move of { $count ->
    [one] 1 item
   *[other] { $count } items
}
redo-done-trash = Moved { $count ->
    [one] 1 item
   *[other] { $count } items
} to the trash again
redo-done-rename = Redone: the rename to “{ $name }”
redo-done-new-folder = Made the folder “{ $name }” again
redo-done-mode = Changed the permissions of “{ $name }” again
redo-done-modes = Changed the permissions of { $count ->
    [one] 1 item
   *[other] { $count } items
} again
redo-failed = Could not redo: { $why }
undo-failed = Could not undo: { $why }
undo-why-not-in-trash = “{ $name }” is no longer in the trash
undo-why-exists = something else is called “{ $name }” now
undo-why-not-empty = the folder “{ $name }” is not empty any more
undo-why-gone = “{ $name }” is gone
undo-why-incomplete = { $count ->
    [one] 1 item
   *[other] { $count } items
} could not be taken back

## File actions: clipboard, drag and drop, menus
status-clipboard-failed = The clipboard could not be used: { $error }
status-paste-failed = Nothing to paste: { $error }
status-drop-failed = The drop was not taken: { $error }
status-paste-into-itself-copy = You cannot copy a folder into itself.
status-paste-into-itself-move = You cannot move a folder into itself.
status-archive-read-only = { $name } is an archive: it cannot be changed here. Copy its entries out to work on them.
status-archive-one-at-a-time = Entries of one archive at a time can be copied out, and not together with other files.
status-archive-open-file = { $name } is inside an archive: copy it out to open it.
drag-items = { $count ->
    [one] 1 item
   *[other] { $count } items
}
drop-move = Move here
drop-copy = Copy here
drop-link = Link here
drop-cancel = Cancel
drag-out-refused = The application there did not take the files
drag-out-failed = Could not offer the files to other applications
menu-default-key = Enter
menu-open = Open
menu-open-with = Open With
menu-other-application = Other Application…
menu-cut = Cut
menu-copy = Copy
menu-paste-into = Paste into folder
menu-rename = Rename…
menu-trash = Move to Trash
menu-delete = Delete…
menu-paste = Paste
menu-new-folder = New Folder…
menu-open-terminal = Open Terminal Here
menu-show-hidden = Show hidden files
menu-reload = Reload
menu-show-places = Show Places
menu-verify-copies = Verify copies
menu-queue-per-device = One job at a time per device
menu-restore-tabs = Restore tabs at start
menu-view = View
menu-sort-by = Sort by { $column }
menu-sort-ascending = Ascending
menu-sort-descending = Descending
menu-folders-first = Folders first
menu-column-left = Move { $column } left
menu-column-right = Move { $column } right
menu-columns-reset = Usual columns
menu-network-previews = Previews on network shares
menu-preferences = Preferences…
tooltip-close-pane = Close this pane (F3 closes the other)
dialog-cancel = Cancel

## New folder and rename
new-folder-name = New Folder
new-folder-label = New folder:
new-folder-create = Create

# New files and bookmarks
menu-new-file = New File
menu-empty-file = Empty File
menu-add-to-places = Add to Places
new-file-name = New File
new-file-label = New file:
undo-done-new-file = Removed the new file “{ $name }”
redo-done-new-file = Made the file “{ $name }” again
undo-why-changed = “{ $name }” was changed since it was made; it is kept
place-menu-open-tab = Open in New Tab
place-menu-rename = Rename…
place-menu-remove = Remove from Places
bookmarks-failed = The bookmarks could not be read or saved: { $error }
name-error-empty = A name cannot be empty.
name-error-slash = A name cannot contain “/”.
name-error-dots = “.” and “..” cannot be used as names.
name-error-exists = An item with this name already exists.
name-error-permission = You don't have permission to change this folder.
name-error-read-only = This folder is on a read-only drive.
name-error-other = The name could not be used: { $error }

## Trash view
trash-restore = Restore
trash-empty = Empty Trash
trash-is-empty = The trash is empty.
trash-unreachable = The trash on { $place } does not answer; its items are not shown.
trash-column-from = Original location
trash-column-deleted = Deleted
trash-empty-question = Empty the trash?
trash-purge-question = { $count ->
    [one] Delete this item for good?
   *[other] Delete these { $count } items for good?
}
trash-purge-confirm = Delete
trash-empty-confirm = Empty
trash-empty-detail = All items in the trash will be deleted for good.
status-trash-failed = The trash could not be read: { $error }
status-restore-failed = Could not restore: { $error }
status-empty-failed = Could not empty the trash: { $error }

## Failures the engine reports: "Could not <doing> “<path>”: <why>."
failure = Could not { $doing } “{ $path }”: { $why }.
doing-open-dir = open the folder
doing-read-dir = read the folder
doing-stat = read the details of
doing-read-mount-table = read the mount table
doing-watch = watch
doing-stat-fs = read the free space of
doing-open = open
doing-create = create
doing-read = read
doing-write = write
doing-remove = remove
doing-rename = rename
doing-read-link = read the link
doing-set-metadata = set the permissions and times of
doing-trash = move to the trash
doing-restore = restore
doing-flush = write to the device
doing-verify = verify the copy of
doing-read-archive = read the archive
why-permission = permission denied
why-not-found = it does not exist
why-not-a-folder = a part of the path is not a folder
why-is-a-folder = it is a folder
why-no-space = the disk is full
why-read-only = the disk is read-only
why-exists = the name is taken
why-not-empty = the folder is not empty
why-busy = it is in use
why-name-too-long = the name is too long
why-link-loop = too many symbolic links (a loop)
why-device-error = the device reported an error
why-unreachable = the server does not answer
why-not-supported = the filesystem cannot do this
why-interrupted = it was stopped
why-differs = the copy on the device differs from the original
why-shrank = the file grew shorter while it was copied
why-archive-damaged = the archive is damaged
why-not-an-archive = it is not an archive Porpoise can read
why-archive-needs-password = it is protected by a password
why-archive-wrong-password = the password is wrong
why-archive-name-leaves = its name would put it outside the folder, so it was left out
why-archive-kind-refused = an archive may not make this kind of item
why-archive-larger-than-stated = it holds more than the archive says
why-other = system error { $code }
why-unknown = an unknown error

## Problems a check finds before a copy or move starts
problem-forbidden-character = “{ $path }”: the name has a character the destination forbids
problem-control-character = “{ $path }”: the name has a control character
problem-trailing-dot = “{ $path }”: the name ends with a dot or a space
problem-reserved-name = “{ $path }”: the destination reserves this name
problem-too-large = “{ $path }”: { $size }, larger than the destination can hold ({ $limit })
problem-no-space = The destination has { $free } free; the copy needs { $needed }.
problem-read-only = The destination is read-only.

## The clipboard: why it could not be used (after "The clipboard could not be used: ")
clipboard-unavailable = no clipboard is available
clipboard-refused = it did not take the files
clipboard-no-files = it holds no files
clipboard-stopped = it stopped working
clipboard-not-local = it holds files that are not on this computer ({ $uri })
clipboard-not-connected = it holds files of a server that is not connected ({ $uri }): connect to it first

# The properties dialog
menu-properties = Properties…
props-title = Properties of { $name }
props-title-many = Properties of { $count } items
props-name = Name
props-type = Type
props-size = Size
props-size-value = { $size } ({ $disk } on disk)
props-contents = Contents
props-location = Location
props-link-target = Link to
props-modified = Modified
props-accessed = Accessed
props-created = Created
props-owner = Owner
props-group = Group
props-others = Others
props-permissions = Permissions
props-read = Read
props-write = Write
props-execute = Execute
props-octal = Octal
props-apply = Apply
props-close = Close
props-filesystem = Filesystem
props-filesystem-value = { $fs } at { $mount }
props-free = Free space
props-free-value = { $free } of { $total }
props-reading = Reading…
props-cannot-read = Cannot read { $name }: { $error }
props-apply-failed = The permissions were not changed: { $error }
props-recursive = Apply to everything inside
props-modes-not-kept = The server does not keep permissions: they cannot be changed here.
# What a folder holds (the folder itself not among it): "24 files", "24 files, 2 folders".
props-files = { $count ->
    [one] 1 file
   *[other] { $count } files
}
props-folders = { $count ->
    [one] 1 folder
   *[other] { $count } folders
}
props-contents-value = { $files }, { $folders }
props-contents-empty = Empty
props-counting = { $value } (counting…)
props-not-counted = { $count ->
    [one] 1 item could not be read
   *[other] { $count } items could not be read
}

## The application chooser ("Other Application…", and for a file no application opens)
chooser-title = Choose an Application
chooser-for-one = To open “{ $name }” ({ $kind })
chooser-for-many = To open { $count } files
chooser-search = Search applications
chooser-always = Always use for this file type
chooser-open = Open
chooser-loading = Reading the applications…
chooser-none = No application matches “{ $query }”
chooser-empty = No applications are installed

## Batch rename (F2 with several items selected)
batch-title = Rename { $count } items
batch-find = Find
batch-find-hint = Text to find
batch-replace = Replace with
batch-replace-hint = New text
batch-regex = Regular expression
batch-case-sensitive = Match case
batch-before = Add before
batch-after = after
batch-numbering = Numbering
batch-numbering-hint = e.g. Holiday ### (# is one digit)
batch-start = Start
batch-step = Step
batch-case = Case
batch-case-keep = As it is
batch-case-lower = lower case
batch-case-upper = UPPER CASE
batch-case-title = Title Case
batch-keep-extension = Keep extensions
batch-cancel = Cancel
batch-rename = Rename
batch-regex-invalid = Not a valid regular expression: { $error }
batch-problem-duplicate = another item gets this name
batch-problem-exists = this name is taken
batch-problem-empty = a name cannot be empty
batch-problem-dots = “.” and “..” cannot be names
batch-problem-slash = a name cannot hold “/”
batch-problem-nul = a name cannot hold a NUL byte
batch-problem-too-long = longer than 255 bytes
batch-changes = { $count ->
    [one] 1 name changes
   *[other] { $count } names change
}
batch-problems = { $count ->
    [one] 1 name cannot be given
   *[other] { $count } names cannot be given
}
job-batch-rename = Renaming { $what }
job-state-renaming = Renaming…
job-done-batch-rename = Renamed { $files }
job-extract = Extracting { $what } to { $dest }
job-state-extracting = Extracting…
job-done-extract = Extracted { $files }
undo-done-extract = Undone: the extraction of { $count ->
    [one] one archive
   *[other] { $count } archives
}
redo-done-extract = Redone: the extraction of { $count ->
    [one] one archive
   *[other] { $count } archives
}
job-compress = Compressing { $what } to { $dest }
job-state-compressing = Compressing…
job-done-compress = Compressed { $files }
undo-done-batch-rename = Gave { $count ->
    [one] 1 item its old name
   *[other] { $count } items their old names
} back
redo-done-batch-rename = Renamed { $count ->
    [one] 1 item
   *[other] { $count } items
} again
## Search (Ctrl+F)
search-name-placeholder = Name or pattern (*.pdf)
search-content-placeholder = Containing text
search-stop = Stop
search-regex = Regular expression
search-match-case = Match case
search-everywhere = Other drives and shares
search-open-folder = Open Folder
search-back = Back to Folder
search-column-where = Location
search-hint = Type to search in { $folder } and below
search-running = Searching… { $count ->
    [one] 1 found
   *[other] { $count } found
}
search-done = { $count ->
    [0] Nothing found
    [one] 1 found
   *[other] { $count } found
}
search-stopped = Stopped: { $count ->
    [one] 1 found
   *[other] { $count } found
}
search-done-unreadable = { $count ->
    [one] 1 found
   *[other] { $count } found
}; { $unreadable ->
    [one] 1 folder could not be read
   *[other] { $unreadable } folders could not be read
}
search-bad-pattern = This pattern cannot be searched for

## The Preferences dialog
prefs-title = Preferences
prefs-appearance = Appearance
prefs-theme = Theme
prefs-theme-auto = Follow desktop
prefs-theme-light = Light
prefs-theme-dark = Dark
prefs-icon-theme = Icon theme
prefs-icon-theme-desktop = The desktop's
prefs-language = Language
prefs-language-system = Follow system
prefs-files = Files
prefs-show-hidden = Show hidden files
prefs-network-previews = Previews on network shares
prefs-verify-copies = Verify copies
prefs-queue-per-device = One job at a time per device
prefs-restore-tabs = Restore tabs at start
prefs-close = Close

# More of the menus: tabs and windows, locations, links, duplicates, the selection, help
menu-open-new-tab = Open in New Tab
menu-open-new-window = Open in New Window
menu-copy-location = Copy Location
menu-create-link = Create Link
menu-duplicate = Duplicate
menu-extract-here = Extract Here
menu-extract-to = Extract To…
menu-compress = Compress…
menu-select-all = Select All
menu-invert-selection = Invert Selection
menu-shortcuts = Keyboard Shortcuts
menu-about = About Porpoise
help-close = Close
help-shortcuts-title = Keyboard Shortcuts
about-name = Porpoise
about-version = Version { $version }
about-summary = A file manager for Linux that never keeps you waiting, copies as fast as the raw tools and tells the truth about progress on USB sticks and network shares.
about-licence = Free software under the GNU General Public License, version 3 or later.
shortcuts-browsing = Browsing
shortcuts-back-forward = Back and forward
shortcuts-up = The folder above
shortcuts-home = The home folder
shortcuts-location = Type a location
shortcuts-search = Search from this folder down
shortcuts-filter = Filter the shown names
shortcuts-hidden = Show or hide hidden files
shortcuts-reload = Reload
shortcuts-views = Details or icons
shortcuts-zoom = Larger, smaller, usual size
shortcuts-places = Show or hide Places
shortcuts-open-in-place = Open or close a folder in place (details view)
shortcuts-selecting = Selecting
shortcuts-select-all = Select all
shortcuts-invert = Invert the selection
shortcuts-extend = Extend the selection, or pick one by one
shortcuts-unselect = Select nothing
shortcuts-files = Files
shortcuts-clipboard = Copy, cut and paste
shortcuts-copy-location = Copy the location
shortcuts-create-link = Create a link beside each selected item
shortcuts-rename = Rename
shortcuts-new-folder = New folder
shortcuts-new-file = New file
shortcuts-trash = Move to the trash
shortcuts-delete = Delete for good
shortcuts-undo = Undo and redo
shortcuts-properties = Properties
shortcuts-terminal = Open a terminal here
shortcuts-window = Tabs and the window
shortcuts-tabs = New tab, close tab
shortcuts-reopen-tab = Reopen the closed tab
shortcuts-next-tab = Next tab, or tab 1 to 9
shortcuts-split = Split view
shortcuts-copy-move-other = In split view: copy or move to the other side
shortcuts-bookmark = Add the folder to Places
shortcuts-preferences = Preferences
shortcuts-quit = Close the window
key-ctrl = Ctrl
key-shift = Shift
key-alt = Alt
key-delete = Delete
key-backspace = Backspace
key-escape = Escape
key-home = Home
key-space = Space
key-enter = Enter
key-tab = Tab
status-type-ahead = Going to “{ $typed }”
status-type-ahead-none = No name begins with “{ $typed }”
status-history = { $count ->
    [one] 1 finished job
   *[other] { $count } finished jobs
}
status-history-title = Finished jobs, the latest first
location-missing = “{ $path }” does not exist

## An archive's password
password-title = “{ $name }” is protected by a password
password-wrong = The password is wrong. Try again.
password-placeholder = Password
password-extract = Extract
password-open = Open

## Extract To…
extract-to-title-one = Extract “{ $name }”
extract-to-title-many = Extract { $count } archives
extract-to-explain = Each archive goes into a folder of its own inside this folder.
extract-to-folder = Folder
extract-to-button = Extract
extract-to-cancel = Cancel

## Compress…
compress-title-one = Compress “{ $name }”
compress-title-many = Compress { $count } items
compress-name = Archive name
compress-format = Format
compress-effort = Compression
compress-fast = Fast
compress-normal = Normal
compress-best = Best
compress-password = Password
compress-password-hint = Leave empty for none (zip and 7z: AES-256)
compress-create = Create
compress-cancel = Cancel
compress-default-name = Archive

## The quick preview (Space) and the information panel (F11)
shortcuts-preview = Quick preview of the selected item
shortcuts-info = Show or hide the information panel
preview-loading = Loading…
preview-counting = Counting…
preview-folder-value = { $contents }, { $size }
preview-text-encoding = { $encoding }
preview-text-cut = { $encoding }, the first 200 KiB
preview-too-large = This picture is too large to show ({ $width } × { $height })
preview-damaged = This file cannot be shown: it is damaged or not what its type says
preview-unreadable = This file cannot be read: { $why }
info-selected = { $count } items selected
info-total = Total size of the files
info-permissions = Permissions
info-dimensions = Dimensions
info-dimensions-value = { $width } × { $height } pixels
info-camera = Camera
info-taken = Taken

## What screen readers are told of the window's parts
a11y-toolbar = Toolbar
a11y-location = Location
a11y-tabs = Tabs
a11y-files = Files in { $folder }
a11y-found = Found
a11y-jobs = File operations
a11y-rename = New name
a11y-new-name = Name
a11y-context-menu = Context menu
a11y-drop-menu = Drop menu
a11y-place-menu = Place menu
a11y-dialog-properties = Properties
a11y-fact = { $name }: { $value }
server-share-on = { $share } on { $server }
server-connecting = Connecting to { $server }…
server-disconnecting = Disconnecting { $place }…
server-connect-entry = Connect to Server…
server-disconnect-tip = Disconnect
server-cancel-tip = Stop connecting
server-unknown-scheme = Cannot open “{ $address }”: Porpoise reaches smb://, sftp://, ftp://, dav://, davs:// and nfs:// servers, not { $scheme }://
server-no-host = “{ $address }” names no server
server-bad-port = “{ $address }” has a port that is not a number from 1 to 65535
server-password-in-address = “{ $address }” holds a password: leave it out, it will be asked for
server-dot-dot = “{ $address }” has “..” in its path
server-too-long = The address is too long
server-bad-address = “{ $address }” is not an address a server can be reached at
server-no-gvfs = Cannot open { $address }: GVfs, which the desktop reaches servers through, is not running in this session
server-no-backend = Cannot open { $address }: GVfs has no { $scheme }:// backend here (its package is not installed)
server-no-fuse = { $address } is connected, but GVfs's FUSE folder does not show it (is gvfsd-fuse running?)
server-denied = Cannot connect to { $address }: the server refused the login
server-unreachable = Cannot connect to { $address }: the server cannot be reached
server-no-share = Cannot connect to { $address }: the server has no such share or folder
server-cancelled = Connecting to { $address } was cancelled
server-not-connected = { $address } is not connected
server-busy = Cannot disconnect { $address }: files on it are in use
server-failed = Cannot connect to { $address }
server-gvfs-stopped = The connection to GVfs stopped; try again
server-question-title = { $server } asks
login-title = Log in to { $server }
login-refused = That login was refused. Check the user and password and try again.
login-user = User
login-domain = Domain
login-password = Password
login-remember = Remember the password
login-cancel = Cancel
login-guest = Connect as Guest
login-connect = Connect
connect-title = Connect to Server
connect-placeholder = Address, e.g. smb://nas/photos
connect-schemes = smb:// Windows and Samba shares · sftp:// SSH servers · ftp:// FTP · dav:// and davs:// WebDAV · nfs:// NFS exports
server-kind-smb = Windows or Samba share
server-kind-sftp = SSH server (SFTP)
server-kind-ftp = FTP server
server-kind-dav = WebDAV server
server-kind-nfs = NFS export
connect-recent = Recent servers
connect-cancel = Cancel
connect-button = Connect
network-neighbourhood = Browse Network
network-looking = Looking on the network…
network-nothing = Nothing found on the network
network-no-gvfs = The network cannot be browsed: GVfs, which finds servers for the desktop, is not running here
network-timed-out = The network did not answer in time
network-failed = The network neighbourhood cannot be read
