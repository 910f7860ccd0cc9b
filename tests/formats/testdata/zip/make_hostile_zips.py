#!/usr/bin/env python3
"""Writes the hostile zip archives the zip archive tests read (run from this folder to regenerate).

Each archive is small on disk; the tests read them with the limits they name."""
import struct
import zipfile

ITEM = b'<?xml version="1.0" encoding="UTF-8"?><note>written by the zip tests</note>\n'


def write(name, entries, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(name, "w", compression) as z:
        for entry in entries:
            z.writestr(*entry) if isinstance(entry, tuple) else z.writestr(entry)


# Entry names that escape the folder they are extracted into.
write("zip_slip.zip", [("imsmanifest.xml", ITEM), ("../escaped.xml", ITEM)])
write("absolute_path.zip", [("/tmp/qbank-absolute.xml", ITEM)])
write("backslash_path.zip", [("items\\..\\..\\escaped.xml", ITEM)])

# A symbolic link entry (Unix mode 0120777 in the external attributes).
link = zipfile.ZipInfo("items/link.xml")
link.create_system = 3
link.external_attr = (0o120777 << 16)
write("symlink.zip", [(link, "/etc/passwd")])

# Many entries: 300 small files (the test reads with a limit of 100).
write("many_entries.zip", [("items/q%03d.xml" % i, ITEM) for i in range(300)])

# Compression bomb: 8 MiB of zeros that deflate to a few KiB (the test limit is 1 MiB).
write("bomb.zip", [("items/zeros.xml", b"\0" * (8 * 1024 * 1024))])

# The same bomb with its declared uncompressed size patched to 100 bytes, so a reader that trusts
# the header is fooled.
with open("bomb.zip", "rb") as f:
    data = bytearray(f.read())
local = data.find(b"PK\x03\x04")
struct.pack_into("<I", data, local + 22, 100)
central = data.find(b"PK\x01\x02")
struct.pack_into("<I", data, central + 24, 100)
with open("lying_size.zip", "wb") as f:
    f.write(bytes(data))

# Not a zip at all, but starting like one.
with open("truncated.zip", "wb") as f:
    f.write(open("many_entries.zip", "rb").read()[:200])
