# Porpoise — deutsche Texte des Fensters.

app-name = Porpoise
window-title = Porpoise — { $folder }

## Orte
places-heading = Orte
devices-heading = Geräte
network-heading = Netzwerk
place-home = Persönlicher Ordner
place-desktop = Schreibtisch
place-documents = Dokumente
place-downloads = Downloads
place-music = Musik
place-pictures = Bilder
place-videos = Videos
place-trash = Papierkorb
place-filesystem = Dateisystem
# Unter einem Gerät oder einer Freigabe in „Orte“, und sein Aushängen-Knopf
device-writing = wird beschrieben … noch { $left }
device-finishing = wird auf das Gerät geschrieben …
device-safe-to-remove = kann entfernt werden
device-all-on-share = alle Daten sind auf der Freigabe
device-not-all-written = nicht alle Daten wurden geschrieben
device-eject-tip = Aushängen und auswerfen
device-eject-still-writing = Porpoise schreibt noch auf { $name }; warten Sie, bis es fertig ist, oder brechen Sie das Kopieren ab
device-ejecting = { $name } wird ausgehängt …
device-ejected = { $name } wurde ausgehängt und kann abgezogen werden
device-eject-no-udisks = Zum Aushängen wird der Dienst UDisks2 gebraucht, der nicht läuft
device-eject-unknown = UDisks2 kennt kein als { $name } eingehängtes Gerät
device-eject-busy = { $name } wird benutzt und kann nicht ausgehängt werden: { $message }
device-eject-not-allowed = Keine Berechtigung, { $name } auszuhängen: { $message }
device-eject-refused = { $name } konnte nicht ausgehängt werden: { $message }
device-volume-unnamed = Datenträger mit { $size }
device-mount-tip = Nicht eingehängt: ein Klick hängt ihn ein
device-mounting = { $name } wird eingehängt …
device-mount-no-udisks = Zum Einhängen wird der Dienst UDisks2 gebraucht, der nicht läuft
device-mount-not-allowed = Keine Berechtigung, { $name } einzuhängen: { $message }
device-mount-busy = { $name } wird benutzt und kann nicht eingehängt werden: { $message }
device-mount-refused = { $name } konnte nicht eingehängt werden: { $message }
device-encrypted-volume = der verschlüsselte Datenträger
device-unlock-tip = Verschlüsselt: ein Klick fragt nach der Passphrase
device-unlock-title = { $name } entsperren
device-unlock-explain = { $name } ist verschlüsselt. Entsperrt wird es eingehängt und geöffnet.
device-unlock-passphrase = Passphrase
device-unlock-button = Entsperren
device-unlock-cancel = Abbrechen
device-unlocking = { $name } wird entsperrt …
device-unlock-no-udisks = Zum Entsperren wird der Dienst UDisks2 gebraucht, der nicht läuft
device-unlock-not-allowed = Keine Berechtigung, { $name } zu entsperren: { $message }
device-unlock-refused = { $name } konnte nicht entsperrt werden: { $message }

## Werkzeugleiste und Adressleiste
tooltip-back = Zurück (Alt+Links)
tooltip-forward = Vor (Alt+Rechts)
tooltip-up = Nach oben (Alt+Hoch)
tooltip-reload = Neu laden (F5)
tooltip-details = Detailansicht
tooltip-icons = Symbolansicht
tooltip-hidden = Versteckte Dateien anzeigen (Strg+H)
tooltip-location = Adresse eingeben (Strg+L)
location-placeholder = Pfad eingeben und Eingabetaste drücken
tooltip-filter = Angezeigte Elemente filtern (Strg+I)
tooltip-menu = Einstellungen
filter-placeholder = Filtern …

## Spalten
column-name = Name
column-size = Größe
column-modified = Geändert
column-type = Typ
column-owner = Besitzer
column-group = Gruppe
column-permissions = Berechtigungen
column-created = Erstellt
column-accessed = Zugegriffen
column-extension = Endung

## Was die Ansicht statt einer Liste sagt
view-no-answer = { $place } antwortet nicht. Der Server ist vielleicht langsam oder nicht erreichbar; Sie können inzwischen woanders hingehen.
view-retry = Erneut versuchen
view-loading = Wird geladen …
view-empty = Dieser Ordner ist leer.
view-no-match = Keine Elemente passen zu „{ $filter }“.
view-hidden-only = Dieser Ordner enthält nur versteckte Dateien. Strg+H zeigt sie an.
error-permission = Sie haben keine Berechtigung, diesen Ordner zu öffnen.
error-not-found = Dieser Ordner existiert nicht mehr.
error-does-not-exist = „{ $path }“ existiert nicht.
error-not-a-folder = Das ist kein Ordner.
error-other = Dieser Ordner konnte nicht geöffnet werden: { $error }

## Statusleiste
size-items = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
}
status-items = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
}
status-items-filtered = { $shown } von { $total ->
    [one] 1 Element
   *[other] { $total } Elementen
}
status-selected = { $count ->
    [one] 1 ausgewählt ({ $size })
   *[other] { $count } ausgewählt ({ $size })
}
status-selected-folders = { $count ->
    [one] 1 ausgewählt
   *[other] { $count } ausgewählt
}
status-free = { $size } frei
status-loading = Wird geladen …
status-open-no-program = „{ $app }“ konnte nicht gestartet werden: sein Programm ist nicht installiert
status-open-cannot-start = „{ $app }“ konnte nicht gestartet werden: { $why }
status-open-no-folder = „{ $app }“ konnte nicht in „{ $folder }“ gestartet werden: { $why }
status-open-no-terminal = „{ $app }“ läuft in einem Terminal, und es ist kein Terminal installiert
status-no-terminal = Es ist kein Terminal installiert
status-open-app-gone = „{ $app }“ ist nicht mehr installiert
status-default-failed = „{ $app }“ konnte nicht als Standard festgelegt werden: { $error }
status-settings-failed = Die Einstellungen konnten nicht gespeichert werden: { $error }

## Größen
decimal-separator = ,
size-bytes = { $count ->
    [one] 1 Byte
   *[other] { $count } Bytes
}
size-kb = { $n } kB
size-mb = { $n } MB
size-gb = { $n } GB
size-tb = { $n } TB

## Platzhalter und Markierungen
placeholder-pending = …
marker-vanished = Verschwunden
marker-unreadable = Nicht lesbar

## Dateitypen
type-folder = Ordner
type-broken-link = Defekte Verknüpfung
type-other = Sonstiges

## Job panel
job-items = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
}
job-item = „{ $name }“
job-copy = { $what } wird nach { $dest } kopiert
job-move = { $what } wird nach { $dest } verschoben
job-link = { $what } wird in { $dest } verknüpft
job-trash = { $what } wird in den Papierkorb verschoben
job-delete = { $what } wird gelöscht
job-permissions = Die Berechtigungen von { $what } werden geändert
job-state-scanning = Wird vorbereitet …
job-state-copying = Wird kopiert
job-state-deleting = Wird gelöscht
job-state-writing = Die kopierten Daten werden auf das Gerät geschrieben …
job-state-verifying = Die Kopien werden mit den Originalen verglichen …
job-state-removing = Die Originale werden entfernt …
job-state-permissions = Berechtigungen werden geändert …
job-state-paused = Angehalten
job-state-waiting = Wartet
job-waiting-next = Wartet auf { $device } … (als Nächstes)
job-waiting-place = Wartet auf { $device } … (Platz { $place } in der Reihe)
job-start-now = Jetzt starten
job-move-up = Nach oben
job-move-down = Nach unten
job-state-done = Fertig
job-state-failed = Fehlgeschlagen
job-state-cancelled = Abgebrochen
job-bytes = { $done } von { $total }
job-bytes-compared = { $done } von { $total } verglichen
job-files = { $done } von { $total ->
    [one] 1 Datei
   *[other] { $total } Dateien
}
job-folders = { $done } von { $total ->
    [one] 1 Ordner
   *[other] { $total } Ordnern
}
job-speed = { $speed }/s
job-time-left = noch { $time }
job-pause = Anhalten
job-resume = Fortsetzen
job-cancel = Abbrechen
job-dismiss = Ausblenden
job-clear-finished = Erledigte entfernen
job-show-failed = Fehlgeschlagenes zeigen ({ $count })
job-hide-failed = Fehlgeschlagenes verbergen
job-files-count = { $count ->
    [one] 1 Datei
   *[other] { $count } Dateien
}
job-folders-count = { $count ->
    [one] 1 Ordner
   *[other] { $count } Ordner
}
job-files-and-folders = { $files } und { $folders }
job-done-copy = { $files } kopiert
job-done-move = { $files } verschoben
job-done-link = { $files } verknüpft
job-done-trash = { $files } in den Papierkorb verschoben
job-done-delete = { $files } gelöscht
job-done-permissions = Berechtigungen geändert: { $files }
job-summary-skipped = { $count } übersprungen
job-summary-failed = { $count } fehlgeschlagen
job-summary-not-copied = { $count } nicht kopiert
job-summary-verified = { $count } zurückgelesen und gleich befunden
job-summary-attributes-lost = das Ziel hat manche Rechte, Zeiten oder erweiterte Attribute nicht übernommen
job-not-copied = nicht kopiert: das Kopieren hielt vorher an
job-refused-into-itself = ein Ordner kann nicht in sich selbst kopiert werden
job-skipped-special = ausgelassen: eine Dateiart, die dieses Kopieren nicht anlegen kann
job-skipped-name = ausgelassen: das Ziel kann diesen Namen nicht speichern
job-skipped-too-large = ausgelassen: zu groß für das Ziel
job-skipped-changed = an Ort und Stelle belassen: es hat sich während des Verschiebens geändert
job-refused-onto-itself = ein Element kann nicht auf sich selbst verschoben werden
duration-seconds = { $s } s
duration-minutes = { $m } min { $s } s
duration-hours = { $h } h { $m } min

## Conflict dialog
conflict-title = „{ $name }“ gibt es in „{ $folder }“ schon
conflict-title-folder = Einen Ordner „{ $name }“ gibt es in „{ $folder }“ schon
conflict-existing = Vorhanden: { $size }, geändert { $date }
conflict-incoming = Neu: { $size }, geändert { $date }
conflict-overwrite = Überschreiben
conflict-overwrite-older = Überschreiben, wenn älter
conflict-skip = Überspringen
conflict-rename = Beide behalten
conflict-cancel = Abbrechen
conflict-apply-all = Für alle übernehmen
conflict-title-merge = Ein Ordner „{ $name }“ ist bereits in „{ $folder }“
conflict-merge-body = Beim Zusammenführen kommen die Dateien des eingehenden Ordners hinein; Dateien, die es in beiden gibt, werden einzeln erfragt.
conflict-merge = Zusammenführen
conflict-rename-to = Umbenennen
conflict-new-name = Neuer Name:
conflict-name-refused = Ein Name darf nicht leer, „.“ oder „..“ sein und kein „/“ enthalten.
conflict-waiting = { $count ->
    [one] 1 weitere Frage wartet.
   *[other] { $count } weitere Fragen warten.
}

## Pre-flight dialog
preflight-title = Einige Elemente passen so nicht an dieses Ziel
preflight-title-blocked = Dieser Auftrag ist nicht möglich
preflight-replace = Zeichen durch _ ersetzen
preflight-skip = Diese Elemente überspringen
preflight-cancel = Abbrechen
preflight-close = Schließen

## Delete dialog
delete-confirm-title = { $count ->
    [one] „{ $name }“ endgültig löschen?
   *[other] { $count } Elemente endgültig löschen?
}
delete-confirm-body = Das lässt sich nicht rückgängig machen.
delete-no-trash-body = { $place } hat keinen Papierkorb: Das lässt sich nicht rückgängig machen.
broken-link-title = Die Verknüpfung „{ $name }“ ist defekt
broken-link-body = Sie kann nicht geöffnet werden: ihr Ziel existiert nicht. Die Verknüpfung in den Papierkorb verschieben?
broken-link-trash = In den Papierkorb verschieben
delete-confirm-delete = Löschen
delete-confirm-cancel = Abbrechen

## Undo
undo-nothing = Nichts rückgängig zu machen
undo-done-copy = Rückgängig: Kopieren von { $count ->
    [one] 1 Element
   *[other] { $count } Elementen
}
undo-done-move = Rückgängig: Verschieben von { $count ->
    [one] 1 Element
   *[other] { $count } Elementen
}
undo-done-trash = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
} aus dem Papierkorb wiederhergestellt
undo-done-rename = Rückgängig: Umbenennen von „{ $name }“
undo-done-new-folder = Der neue Ordner „{ $name }“ wurde entfernt
undo-done-mode = Die Berechtigungen von „{ $name }“ wurden zurückgesetzt
undo-done-modes = Die Berechtigungen von { $count ->
    [one] 1 Element
   *[other] { $count } Elementen
} wurden zurückgesetzt
redo-nothing = Nichts zu wiederholen
redo-done-copy = Wiederholt: Kopieren von { $count ->
    [one] 1 Element
   *[other] { $count } Elementen
}
redo-done-move = Wiederholt: Verschieben von { $count ->
    [one] 1 Element
   *[other] { $count } Elementen
}
redo-done-trash = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
} wieder in den Papierkorb verschoben
redo-done-rename = Wiederholt: Umbenennen in „{ $name }“
redo-done-new-folder = Der Ordner „{ $name }“ wurde wieder angelegt
redo-done-mode = Die Berechtigungen von „{ $name }“ wurden wieder geändert
redo-done-modes = Die Berechtigungen von { $count ->
    [one] 1 Element
   *[other] { $count } Elementen
} wurden wieder geändert
redo-failed = Wiederholen nicht möglich: { $why }
undo-failed = Rückgängig nicht möglich: { $why }
undo-why-not-in-trash = „{ $name }“ ist nicht mehr im Papierkorb
undo-why-exists = etwas anderes heißt jetzt „{ $name }“
undo-why-not-empty = der Ordner „{ $name }“ ist nicht mehr leer
undo-why-gone = „{ $name }“ gibt es nicht mehr
undo-why-incomplete = { $count ->
    [one] 1 Element konnte
   *[other] { $count } Elemente konnten
} nicht zurückgenommen werden

## Dateiaktionen: Zwischenablage, Ziehen und Ablegen, Menüs
status-clipboard-failed = Die Zwischenablage ist nicht nutzbar: { $error }
status-paste-failed = Nichts zum Einfügen: { $error }
status-drop-failed = Das Abgelegte wurde nicht übernommen: { $error }
status-paste-into-itself-copy = Ein Ordner kann nicht in sich selbst kopiert werden.
status-paste-into-itself-move = Ein Ordner kann nicht in sich selbst verschoben werden.
status-archive-read-only = { $name } ist ein Archiv: Es kann hier nicht verändert werden. Kopieren Sie seine Einträge heraus, um damit zu arbeiten.
status-archive-one-at-a-time = Einträge lassen sich nur aus einem Archiv zur Zeit herauskopieren, und nicht zusammen mit anderen Dateien.
status-archive-open-file = { $name } liegt in einem Archiv: Kopieren Sie es heraus, um es zu öffnen.
drag-items = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
}
drop-move = Hierher verschieben
drop-copy = Hierher kopieren
drop-link = Hier verknüpfen
drop-cancel = Abbrechen
drag-out-refused = Die Anwendung dort hat die Dateien nicht angenommen
drag-out-failed = Die Dateien konnten anderen Anwendungen nicht angeboten werden
menu-default-key = Eingabe
menu-open = Öffnen
menu-open-with = Öffnen mit
menu-other-application = Andere Anwendung …
menu-cut = Ausschneiden
menu-copy = Kopieren
menu-paste-into = In Ordner einfügen
menu-rename = Umbenennen …
menu-trash = In den Papierkorb verschieben
menu-delete = Löschen …
menu-paste = Einfügen
menu-new-folder = Neuer Ordner …
menu-open-terminal = Terminal hier öffnen
menu-show-hidden = Versteckte Dateien anzeigen
menu-reload = Neu laden
menu-show-places = Orte anzeigen
menu-verify-copies = Kopien prüfen
menu-queue-per-device = Ein Auftrag nach dem anderen je Gerät
menu-restore-tabs = Tabs beim Start wiederherstellen
menu-view = Ansicht
menu-sort-by = Nach { $column } sortieren
menu-sort-ascending = Aufsteigend
menu-sort-descending = Absteigend
menu-folders-first = Ordner zuerst
menu-column-left = { $column } nach links
menu-column-right = { $column } nach rechts
menu-columns-reset = Übliche Spalten
menu-network-previews = Vorschau auf Netzwerkfreigaben
menu-preferences = Einstellungen…
tooltip-close-pane = Diese Ansicht schließen (F3 schließt die andere)
dialog-cancel = Abbrechen

## Neuer Ordner und Umbenennen
new-folder-name = Neuer Ordner
new-folder-label = Neuer Ordner:
new-folder-create = Anlegen

# New files and bookmarks
menu-new-file = Neue Datei
menu-empty-file = Leere Datei
menu-add-to-places = Zu Orten hinzufügen
new-file-name = Neue Datei
new-file-label = Neue Datei:
undo-done-new-file = Die neue Datei „{ $name }“ wurde entfernt
redo-done-new-file = Die Datei „{ $name }“ wurde wieder angelegt
undo-why-changed = „{ $name }“ wurde seit dem Anlegen geändert und bleibt erhalten
place-menu-open-tab = In neuem Tab öffnen
place-menu-rename = Umbenennen …
place-menu-remove = Aus Orten entfernen
bookmarks-failed = Die Lesezeichen konnten nicht gelesen oder gespeichert werden: { $error }
name-error-empty = Ein Name darf nicht leer sein.
name-error-slash = Ein Name darf kein „/“ enthalten.
name-error-dots = „.“ und „..“ sind keine gültigen Namen.
name-error-exists = Ein Element mit diesem Namen gibt es schon.
name-error-permission = Sie dürfen diesen Ordner nicht ändern.
name-error-read-only = Dieser Ordner liegt auf einem schreibgeschützten Laufwerk.
name-error-other = Der Name kann nicht verwendet werden: { $error }

## Papierkorb
trash-restore = Wiederherstellen
trash-empty = Papierkorb leeren
trash-is-empty = Der Papierkorb ist leer.
trash-unreachable = Der Papierkorb auf { $place } antwortet nicht; seine Einträge fehlen hier.
trash-column-from = Ursprünglicher Ort
trash-column-deleted = Gelöscht
trash-empty-question = Papierkorb leeren?
trash-purge-question = { $count ->
    [one] Dieses Element endgültig löschen?
   *[other] Diese { $count } Elemente endgültig löschen?
}
trash-purge-confirm = Löschen
trash-empty-confirm = Leeren
trash-empty-detail = Alle Elemente im Papierkorb werden endgültig gelöscht.
status-trash-failed = Der Papierkorb kann nicht gelesen werden: { $error }
status-restore-failed = Wiederherstellen fehlgeschlagen: { $error }
status-empty-failed = Der Papierkorb kann nicht geleert werden: { $error }

## Fehler, die die Engine meldet: „<Tätigkeit> „<Pfad>“ nicht möglich: <Grund>.“
failure = { $doing } „{ $path }“ nicht möglich: { $why }.
doing-open-dir = Öffnen des Ordners
doing-read-dir = Lesen des Ordners
doing-stat = Lesen der Details von
doing-read-mount-table = Lesen der Einhängetabelle
doing-watch = Beobachten von
doing-stat-fs = Lesen des freien Speichers von
doing-open = Öffnen von
doing-create = Anlegen von
doing-read = Lesen von
doing-write = Schreiben von
doing-remove = Entfernen von
doing-rename = Umbenennen von
doing-read-link = Lesen der Verknüpfung
doing-set-metadata = Setzen der Rechte und Zeiten von
doing-trash = Verschieben in den Papierkorb von
doing-restore = Wiederherstellen von
doing-flush = Schreiben auf das Gerät von
doing-verify = Prüfen der Kopie von
doing-read-archive = Lesen des Archivs
why-permission = Zugriff verweigert
why-not-found = existiert nicht
why-not-a-folder = ein Teil des Pfads ist kein Ordner
why-is-a-folder = ist ein Ordner
why-no-space = der Datenträger ist voll
why-read-only = der Datenträger ist schreibgeschützt
why-exists = der Name ist vergeben
why-not-empty = der Ordner ist nicht leer
why-busy = wird gerade benutzt
why-name-too-long = der Name ist zu lang
why-link-loop = zu viele symbolische Verknüpfungen (eine Schleife)
why-device-error = das Gerät meldet einen Fehler
why-unreachable = der Server antwortet nicht
why-not-supported = das Dateisystem kann das nicht
why-interrupted = wurde angehalten
why-differs = die Kopie auf dem Gerät weicht vom Original ab
why-shrank = die Datei wurde beim Kopieren kürzer
why-archive-damaged = das Archiv ist beschädigt
why-not-an-archive = es ist kein Archiv, das Porpoise lesen kann
why-archive-needs-password = es ist mit einem Passwort geschützt
why-archive-wrong-password = das Passwort ist falsch
why-archive-name-leaves = sein Name würde es außerhalb des Ordners ablegen, daher wurde es ausgelassen
why-archive-kind-refused = ein Archiv darf diese Art von Objekt nicht anlegen
why-archive-larger-than-stated = es enthält mehr, als das Archiv angibt
why-other = Systemfehler { $code }
why-unknown = unbekannter Fehler

## Probleme, die vor dem Kopieren oder Verschieben gefunden werden
problem-forbidden-character = „{ $path }“: der Name enthält ein Zeichen, das das Ziel verbietet
problem-control-character = „{ $path }“: der Name enthält ein Steuerzeichen
problem-trailing-dot = „{ $path }“: der Name endet mit einem Punkt oder Leerzeichen
problem-reserved-name = „{ $path }“: das Ziel reserviert diesen Namen
problem-too-large = „{ $path }“: { $size }, größer als das Ziel fassen kann ({ $limit })
problem-no-space = Das Ziel hat { $free } frei; die Kopie braucht { $needed }.
problem-read-only = Das Ziel ist schreibgeschützt.

## Die Zwischenablage: warum sie nicht benutzt werden konnte
clipboard-unavailable = keine Zwischenablage verfügbar
clipboard-refused = sie hat die Dateien nicht angenommen
clipboard-no-files = sie enthält keine Dateien
clipboard-stopped = sie funktioniert nicht mehr
clipboard-not-local = sie enthält Dateien, die nicht auf diesem Rechner liegen ({ $uri })
clipboard-not-connected = sie enthält Dateien eines Servers, der nicht verbunden ist ({ $uri }): verbinden Sie sich zuerst mit ihm

# Der Eigenschaften-Dialog
menu-properties = Eigenschaften…
props-title = Eigenschaften von { $name }
props-title-many = Eigenschaften von { $count } Elementen
props-name = Name
props-type = Typ
props-size = Größe
props-size-value = { $size } ({ $disk } auf dem Datenträger)
props-contents = Inhalt
props-location = Ort
props-link-target = Verweist auf
props-modified = Geändert
props-accessed = Zugegriffen
props-created = Erstellt
props-owner = Besitzer
props-group = Gruppe
props-others = Andere
props-permissions = Berechtigungen
props-read = Lesen
props-write = Schreiben
props-execute = Ausführen
props-octal = Oktal
props-apply = Anwenden
props-close = Schließen
props-filesystem = Dateisystem
props-filesystem-value = { $fs } unter { $mount }
props-free = Freier Speicher
props-free-value = { $free } von { $total }
props-reading = Wird gelesen…
props-cannot-read = { $name } kann nicht gelesen werden: { $error }
props-apply-failed = Die Berechtigungen wurden nicht geändert: { $error }
props-recursive = Auf alles darin anwenden
props-modes-not-kept = Der Server speichert keine Berechtigungen: Sie lassen sich hier nicht ändern.
props-files = { $count ->
    [one] 1 Datei
   *[other] { $count } Dateien
}
props-folders = { $count ->
    [one] 1 Ordner
   *[other] { $count } Ordner
}
props-contents-value = { $files }, { $folders }
props-contents-empty = Leer
props-counting = { $value } (wird gezählt…)
props-not-counted = { $count ->
    [one] 1 Element konnte nicht gelesen werden
   *[other] { $count } Elemente konnten nicht gelesen werden
}

## Die Anwendungsauswahl („Andere Anwendung …“, und für eine Datei, die keine Anwendung öffnet)
chooser-title = Anwendung auswählen
chooser-for-one = Zum Öffnen von „{ $name }“ ({ $kind })
chooser-for-many = Zum Öffnen von { $count } Dateien
chooser-search = Anwendungen suchen
chooser-always = Immer für diesen Dateityp verwenden
chooser-open = Öffnen
chooser-loading = Die Anwendungen werden gelesen …
chooser-none = Keine Anwendung passt zu „{ $query }“
chooser-empty = Es sind keine Anwendungen installiert

## Stapelweise umbenennen (F2 bei mehreren ausgewählten Elementen)
batch-title = { $count } Elemente umbenennen
batch-find = Suchen
batch-find-hint = Zu suchender Text
batch-replace = Ersetzen durch
batch-replace-hint = Neuer Text
batch-regex = Regulärer Ausdruck
batch-case-sensitive = Groß-/Kleinschreibung beachten
batch-before = Davor einfügen
batch-after = danach
batch-numbering = Nummerierung
batch-numbering-hint = z. B. Urlaub ### (# ist eine Ziffer)
batch-start = Beginn
batch-step = Schritt
batch-case = Schreibung
batch-case-keep = Unverändert
batch-case-lower = kleinbuchstaben
batch-case-upper = GROSSBUCHSTABEN
batch-case-title = Wortanfänge Groß
batch-keep-extension = Dateiendungen beibehalten
batch-cancel = Abbrechen
batch-rename = Umbenennen
batch-regex-invalid = Kein gültiger regulärer Ausdruck: { $error }
batch-problem-duplicate = ein anderes Element erhält diesen Namen
batch-problem-exists = dieser Name ist schon vergeben
batch-problem-empty = ein Name darf nicht leer sein
batch-problem-dots = „.“ und „..“ sind keine gültigen Namen
batch-problem-slash = ein Name darf kein „/“ enthalten
batch-problem-nul = ein Name darf kein NUL-Byte enthalten
batch-problem-too-long = länger als 255 Byte
batch-changes = { $count ->
    [one] 1 Name wird geändert
   *[other] { $count } Namen werden geändert
}
batch-problems = { $count ->
    [one] 1 Name kann nicht vergeben werden
   *[other] { $count } Namen können nicht vergeben werden
}
job-batch-rename = Umbenennen von { $what }
job-state-renaming = Wird umbenannt …
job-done-batch-rename = Umbenannt: { $files }
job-extract = Entpacken von { $what } nach { $dest }
job-state-extracting = Wird entpackt …
job-done-extract = Entpackt: { $files }
undo-done-extract = Rückgängig: das Entpacken { $count ->
    [one] eines Archivs
   *[other] von { $count } Archiven
}
redo-done-extract = Wiederholt: das Entpacken { $count ->
    [one] eines Archivs
   *[other] von { $count } Archiven
}
job-compress = Komprimieren von { $what } nach { $dest }
job-state-compressing = Wird komprimiert …
job-done-compress = Komprimiert: { $files }
undo-done-batch-rename = { $count ->
    [one] 1 Element hat
   *[other] { $count } Elemente haben
} wieder den alten Namen
redo-done-batch-rename = { $count ->
    [one] 1 Element
   *[other] { $count } Elemente
} erneut umbenannt
## Search (Ctrl+F)
search-name-placeholder = Name oder Muster (*.pdf)
search-content-placeholder = Enthält Text
search-stop = Anhalten
search-regex = Regulärer Ausdruck
search-match-case = Groß-/Kleinschreibung beachten
search-everywhere = Andere Laufwerke und Freigaben
search-open-folder = Ordner öffnen
search-back = Zurück zum Ordner
search-column-where = Ort
search-hint = Tippen, um in { $folder } und darunter zu suchen
search-running = Suche läuft … { $count ->
    [one] 1 gefunden
   *[other] { $count } gefunden
}
search-done = { $count ->
    [0] Nichts gefunden
    [one] 1 gefunden
   *[other] { $count } gefunden
}
search-stopped = Angehalten: { $count ->
    [one] 1 gefunden
   *[other] { $count } gefunden
}
search-done-unreadable = { $count ->
    [one] 1 gefunden
   *[other] { $count } gefunden
}; { $unreadable ->
    [one] 1 Ordner konnte nicht gelesen werden
   *[other] { $unreadable } Ordner konnten nicht gelesen werden
}
search-bad-pattern = Nach diesem Muster kann nicht gesucht werden

## The Preferences dialog
prefs-title = Einstellungen
prefs-appearance = Erscheinungsbild
prefs-theme = Farbschema
prefs-theme-auto = Wie die Arbeitsumgebung
prefs-theme-light = Hell
prefs-theme-dark = Dunkel
prefs-icon-theme = Symbolthema
prefs-icon-theme-desktop = Das der Arbeitsumgebung
prefs-language = Sprache
prefs-language-system = Wie das System
prefs-files = Dateien
prefs-show-hidden = Versteckte Dateien anzeigen
prefs-network-previews = Vorschau auf Netzwerkfreigaben
prefs-verify-copies = Kopien prüfen
prefs-queue-per-device = Ein Auftrag nach dem anderen je Gerät
prefs-restore-tabs = Tabs beim Start wiederherstellen
prefs-close = Schließen

# More of the menus: tabs and windows, locations, links, duplicates, the selection, help
menu-open-new-tab = In neuem Tab öffnen
menu-open-new-window = In neuem Fenster öffnen
menu-copy-location = Ort kopieren
menu-create-link = Verknüpfung erstellen
menu-duplicate = Duplizieren
menu-extract-here = Hier entpacken
menu-extract-to = Entpacken nach …
menu-compress = Komprimieren …
menu-select-all = Alles auswählen
menu-invert-selection = Auswahl umkehren
menu-shortcuts = Tastenkürzel
menu-about = Über Porpoise
help-close = Schließen
help-shortcuts-title = Tastenkürzel
about-name = Porpoise
about-version = Version { $version }
about-summary = Eine Dateiverwaltung für Linux, die nie warten lässt, so schnell kopiert wie die Werkzeuge der Kommandozeile und den Fortschritt auf USB-Sticks und Netzwerkfreigaben ehrlich zeigt.
about-licence = Freie Software unter der GNU General Public License, Version 3 oder neuer.
shortcuts-browsing = Navigieren
shortcuts-back-forward = Zurück und vor
shortcuts-up = Übergeordneter Ordner
shortcuts-home = Persönlicher Ordner
shortcuts-location = Ort eingeben
shortcuts-search = Ab diesem Ordner suchen
shortcuts-filter = Angezeigte Namen filtern
shortcuts-hidden = Versteckte Dateien zeigen oder verbergen
shortcuts-reload = Neu laden
shortcuts-views = Details oder Symbole
shortcuts-zoom = Größer, kleiner, normale Größe
shortcuts-places = Orte zeigen oder verbergen
shortcuts-open-in-place = Ordner an Ort und Stelle auf- oder zuklappen (Detailansicht)
shortcuts-selecting = Auswählen
shortcuts-select-all = Alles auswählen
shortcuts-invert = Auswahl umkehren
shortcuts-extend = Auswahl erweitern oder einzeln wählen
shortcuts-unselect = Nichts auswählen
shortcuts-files = Dateien
shortcuts-clipboard = Kopieren, ausschneiden, einfügen
shortcuts-copy-location = Ort kopieren
shortcuts-create-link = Verknüpfung neben jedem gewählten Eintrag
shortcuts-rename = Umbenennen
shortcuts-new-folder = Neuer Ordner
shortcuts-new-file = Neue Datei
shortcuts-trash = In den Papierkorb
shortcuts-delete = Endgültig löschen
shortcuts-undo = Rückgängig und wiederholen
shortcuts-properties = Eigenschaften
shortcuts-terminal = Terminal hier öffnen
shortcuts-window = Tabs und Fenster
shortcuts-tabs = Neuer Tab, Tab schließen
shortcuts-reopen-tab = Geschlossenen Tab wieder öffnen
shortcuts-next-tab = Nächster Tab, oder Tab 1 bis 9
shortcuts-split = Geteilte Ansicht
shortcuts-copy-move-other = In geteilter Ansicht: auf die andere Seite kopieren oder verschieben
shortcuts-bookmark = Ordner zu Orten hinzufügen
shortcuts-preferences = Einstellungen
shortcuts-quit = Fenster schließen
key-ctrl = Strg
key-shift = Umschalt
key-alt = Alt
key-delete = Entf
key-backspace = Rücktaste
key-escape = Esc
key-home = Pos1
key-space = Leertaste
key-enter = Eingabe
key-tab = Tab
status-type-ahead = Springe zu „{ $typed }“
status-type-ahead-none = Kein Name beginnt mit „{ $typed }“
status-history = { $count ->
    [one] 1 beendeter Auftrag
   *[other] { $count } beendete Aufträge
}
status-history-title = Beendete Aufträge, der neueste zuerst
location-missing = „{ $path }“ existiert nicht

## An archive's password
password-title = „{ $name }“ ist mit einem Passwort geschützt
password-wrong = Das Passwort ist falsch. Bitte erneut versuchen.
password-placeholder = Passwort
password-extract = Entpacken
password-open = Öffnen

## Extract To…
extract-to-title-one = „{ $name }“ entpacken
extract-to-title-many = { $count } Archive entpacken
extract-to-explain = Jedes Archiv kommt in einen eigenen Ordner in diesem Ordner.
extract-to-folder = Ordner
extract-to-button = Entpacken
extract-to-cancel = Abbrechen

## Compress…
compress-title-one = „{ $name }“ komprimieren
compress-title-many = { $count } Objekte komprimieren
compress-name = Name des Archivs
compress-format = Format
compress-effort = Kompression
compress-fast = Schnell
compress-normal = Normal
compress-best = Stark
compress-password = Passwort
compress-password-hint = Leer lassen: kein Passwort (zip und 7z: AES-256)
compress-create = Erstellen
compress-cancel = Abbrechen
compress-default-name = Archiv

## Die Schnellansicht (Leertaste) und das Informationsfeld (F11)
shortcuts-preview = Schnellansicht des gewählten Elements
shortcuts-info = Informationsfeld zeigen oder verbergen
preview-loading = Wird geladen…
preview-counting = Wird gezählt…
preview-folder-value = { $contents }, { $size }
preview-text-encoding = { $encoding }
preview-text-cut = { $encoding }, die ersten 200 KiB
preview-too-large = Dieses Bild ist zu groß zum Anzeigen ({ $width } × { $height })
preview-damaged = Diese Datei kann nicht angezeigt werden: Sie ist beschädigt oder nicht, was ihr Typ sagt
preview-unreadable = Diese Datei kann nicht gelesen werden: { $why }
info-selected = { $count } Elemente gewählt
info-total = Gesamtgröße der Dateien
info-permissions = Berechtigungen
info-dimensions = Abmessungen
info-dimensions-value = { $width } × { $height } Pixel
info-camera = Kamera
info-taken = Aufgenommen

## What screen readers are told of the window's parts
a11y-toolbar = Werkzeugleiste
a11y-location = Ort
a11y-tabs = Tabs
a11y-files = Dateien in { $folder }
a11y-found = Gefunden
a11y-jobs = Dateivorgänge
a11y-rename = Neuer Name
a11y-new-name = Name
a11y-context-menu = Kontextmenü
a11y-drop-menu = Ablegen-Menü
a11y-place-menu = Ort-Menü
a11y-dialog-properties = Eigenschaften
a11y-fact = { $name }: { $value }
server-share-on = { $share } auf { $server }
server-connecting = Verbinde mit { $server } …
server-disconnecting = Trenne { $place } …
server-connect-entry = Mit Server verbinden …
server-disconnect-tip = Trennen
server-cancel-tip = Verbinden abbrechen
server-unknown-scheme = „{ $address }“ lässt sich nicht öffnen: Porpoise erreicht smb://-, sftp://-, ftp://-, dav://-, davs://- und nfs://-Server, nicht { $scheme }://
server-no-host = „{ $address }“ nennt keinen Server
server-bad-port = „{ $address }“ hat einen Port, der keine Zahl von 1 bis 65535 ist
server-password-in-address = „{ $address }“ enthält ein Passwort: Lassen Sie es weg, es wird abgefragt
server-dot-dot = „{ $address }“ hat „..“ im Pfad
server-too-long = Die Adresse ist zu lang
server-bad-address = „{ $address }“ ist keine Adresse, unter der ein Server erreichbar ist
server-no-gvfs = { $address } lässt sich nicht öffnen: GVfs, über das der Desktop Server erreicht, läuft in dieser Sitzung nicht
server-no-backend = { $address } lässt sich nicht öffnen: GVfs hat hier kein { $scheme }://-Backend (sein Paket ist nicht installiert)
server-no-fuse = { $address } ist verbunden, aber der FUSE-Ordner von GVfs zeigt es nicht (läuft gvfsd-fuse?)
server-denied = Verbindung zu { $address } nicht möglich: Der Server hat die Anmeldung abgelehnt
server-unreachable = Verbindung zu { $address } nicht möglich: Der Server ist nicht erreichbar
server-no-share = Verbindung zu { $address } nicht möglich: Der Server hat keine solche Freigabe und keinen solchen Ordner
server-cancelled = Das Verbinden mit { $address } wurde abgebrochen
server-not-connected = { $address } ist nicht verbunden
server-busy = { $address } lässt sich nicht trennen: Dateien darauf sind in Gebrauch
server-failed = Verbindung zu { $address } nicht möglich
server-gvfs-stopped = Die Verbindung zu GVfs ist abgebrochen; bitte erneut versuchen
server-question-title = { $server } fragt
login-title = Bei { $server } anmelden
login-refused = Diese Anmeldung wurde abgelehnt. Prüfen Sie Benutzer und Passwort und versuchen Sie es erneut.
login-user = Benutzer
login-domain = Domäne
login-password = Passwort
login-remember = Passwort merken
login-cancel = Abbrechen
login-guest = Als Gast verbinden
login-connect = Verbinden
connect-title = Mit Server verbinden
connect-placeholder = Adresse, z. B. smb://nas/fotos
connect-schemes = smb:// Windows- und Samba-Freigaben · sftp:// SSH-Server · ftp:// FTP · dav:// und davs:// WebDAV · nfs:// NFS-Exporte
server-kind-smb = Windows- oder Samba-Freigabe
server-kind-sftp = SSH-Server (SFTP)
server-kind-ftp = FTP-Server
server-kind-dav = WebDAV-Server
server-kind-nfs = NFS-Export
connect-recent = Zuletzt verwendete Server
connect-cancel = Abbrechen
connect-button = Verbinden
network-neighbourhood = Netzwerk
network-looking = Suche im Netzwerk …
network-nothing = Im Netzwerk wurde nichts gefunden
network-no-gvfs = Das Netzwerk lässt sich nicht durchsuchen: GVfs, das für den Desktop Server findet, läuft hier nicht
network-timed-out = Das Netzwerk hat nicht rechtzeitig geantwortet
network-failed = Die Netzwerkumgebung lässt sich nicht lesen
