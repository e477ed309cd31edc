// The file types of the two result uploads (spec section 5 "Uploads", R-RE009, R-RE016): the
// client's file check (screens/ResultManage/uploadFiles.ts) and the server's (results/service.ts)
// read them here. Practice sheets come as .xlsx files, one by one or in a .zip as the blank
// download gives them; the jury program's results as PC Juror's pcjuror.xlsm, or its list filled
// by hand and saved as an Excel workbook (.xlsx): both are read by the same content rules.
export const PRACTICE_SHEET_EXTENSIONS = ["xlsx", "zip"] as const;
export const PC_JUROR_EXTENSIONS = ["xlsm", "xlsx"] as const;

/** The extension of a file name, lower case ("" without one). */
export const extensionOf = (name: string) => (name.includes(".") ? (name.split(".").pop() ?? "").toLowerCase() : "");
