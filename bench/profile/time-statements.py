#!/usr/bin/env python3
"""How long SQLite takes to prepare each list's statements (not part of `npm run bench`).

Reads the `LISTSQL` lines bench/profile/list-sql.ts prints, makes an empty database from
migrations/ (preparing a statement reads the schema, not the rows), and prepares each statement
N times with sqlite3_prepare_v2 (through ctypes: Python's own sqlite3 module caches statements),
printing the fastest and the median, in milliseconds, with the statement's length in characters.

    python3 bench/profile/time-statements.py sql.log [<regular expression of operation ids>]

docs/performance.md ("List pages") records what it printed.
"""
import ctypes, ctypes.util, glob, json, os, re, sqlite3, statistics, sys, tempfile, time

N = 50
log, pattern = sys.argv[1], re.compile(sys.argv[2] if len(sys.argv) > 2 else "")

path = os.path.join(tempfile.mkdtemp(), "schema.sqlite")
with sqlite3.connect(path) as schema:
    for migration in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "../../migrations/*.sql"))):
        schema.executescript(open(migration).read())

lib = ctypes.CDLL(ctypes.util.find_library("sqlite3"))
lib.sqlite3_prepare_v2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
lib.sqlite3_finalize.argtypes = [ctypes.c_void_p]
lib.sqlite3_errmsg.restype = ctypes.c_char_p
db = ctypes.c_void_p()
lib.sqlite3_open(path.encode(), ctypes.byref(db))


def prepare_times(sql):
    text, statement, times = sql.encode(), ctypes.c_void_p(), []
    for _ in range(N):
        start = time.perf_counter()
        if lib.sqlite3_prepare_v2(db, text, len(text), ctypes.byref(statement), None):
            raise RuntimeError(lib.sqlite3_errmsg(db).decode())
        times.append((time.perf_counter() - start) * 1000)
        lib.sqlite3_finalize(statement)
    return min(times), statistics.median(times)


print(f"SQLite {sqlite3.sqlite_version}; ms to prepare (fastest / median of {N}); per statement: fastest/characters")
for line in open(log):
    at = line.find("LISTSQL ")
    if at < 0:
        continue
    listed = json.loads(line[at + len("LISTSQL "):])
    if not pattern.search(listed["operation"]):
        continue
    timed = [(prepare_times(s["sql"]), len(s["sql"])) for s in listed["statements"]]
    fastest = sum(t[0][0] for t in timed)
    median = sum(t[0][1] for t in timed)
    parts = ", ".join(f"{t[0][0]:.3f}/{t[1]}" for t in timed)
    print(f"{listed['operation']:<44} {listed['who']:<6} {listed['status']}  {fastest:.3f} / {median:.3f}  [{parts}]")
