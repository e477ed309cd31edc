# Edits workbooks in LibreOffice itself and saves them again, as a person at a spreadsheet would:
# one headless soffice process (its own profile) for all jobs, driven over UNO, so the files the
# suite uploads are written by LibreOffice's own filters (an empty <row r="1048576"> after a
# deleted row, its shared strings, its number cells), not by exceljs.
#
#   /usr/bin/python3 tests/support/libreoffice_edit.py jobs.json
#
# jobs.json: [{"in": path, "out": path, "ops": [op, ...]}, ...]; a job's file is saved in the
# format of its "out" extension (.xlsx: "Calc MS Excel 2007 XML", .xlsm: the VBA variant). Ops
# (rows and columns 1-based, sheets by name):
#   {"op": "deleteRows", "sheet": s, "row": r, "count": n}
#   {"op": "insertRows", "sheet": s, "row": r, "count": n}
#   {"op": "setValue",  "sheet": s, "cell": "D21", "value": 2.5}     a number cell
#   {"op": "setString", "sheet": s, "cell": "D21", "value": "2,5"}   a text cell
#   {"op": "sort", "sheet": s, "range": "A3:C5", "column": 2, "descending": true}
# Used by tests/integration/results/libreoffice-uploads.test.ts (tests/integration/README.md).
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.table import TableSortField

SOFFICE = next(p for p in ("/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice") if os.path.exists(p))
FILTERS = {".xlsx": "Calc MS Excel 2007 XML", ".xlsm": "Calc MS Excel 2007 VBA XML"}


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def url(path):
    return uno.systemPathToFileUrl(os.path.abspath(path))


def connect(pipe, proc):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError("soffice ended before it accepted a connection")
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except NoConnectException:
            time.sleep(0.1)
    raise RuntimeError("soffice did not accept a connection within 60 s")


def apply(doc, op):
    sheet = doc.Sheets.getByName(op["sheet"])
    kind = op["op"]
    if kind == "deleteRows":
        sheet.Rows.removeByIndex(op["row"] - 1, op.get("count", 1))
    elif kind == "insertRows":
        sheet.Rows.insertByIndex(op["row"] - 1, op.get("count", 1))
    elif kind == "setValue":
        sheet.getCellRangeByName(op["cell"]).setValue(op["value"])
    elif kind == "setString":
        sheet.getCellRangeByName(op["cell"]).setString(op["value"])
    elif kind == "sort":
        rng = sheet.getCellRangeByName(op["range"])
        field = TableSortField()
        field.Field = op["column"] - 1
        field.IsAscending = not op.get("descending", False)
        rng.sort((prop("SortFields", uno.Any("[]com.sun.star.table.TableSortField", (field,))), prop("ContainsHeader", False)))
    else:
        raise ValueError(f"unknown op {kind}")


def main():
    jobs = json.load(open(sys.argv[1], encoding="utf-8"))
    home = tempfile.mkdtemp(prefix="lo-edit-")
    pipe = f"anmeldesystem-{uuid.uuid4().hex[:12]}"
    proc = subprocess.Popen(
        [SOFFICE, f"-env:UserInstallation={url(os.path.join(home, 'profile'))}", "--headless", "--invisible", "--norestore",
         "--nologo", "--nodefault", f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
        env={**os.environ, "HOME": home}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    desktop = None
    try:
        ctx = connect(pipe, proc)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        for job in jobs:
            doc = desktop.loadComponentFromURL(url(job["in"]), "_blank", 0, (prop("Hidden", True),))
            try:
                for op in job.get("ops", []):
                    apply(doc, op)
                doc.storeToURL(url(job["out"]), (prop("FilterName", FILTERS[os.path.splitext(job["out"])[1].lower()]),))
            finally:
                doc.close(True)
    finally:
        try:
            if desktop is not None:
                desktop.terminate()
        except Exception:
            pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        subprocess.run(["rm", "-rf", home], check=False)


if __name__ == "__main__":
    main()
