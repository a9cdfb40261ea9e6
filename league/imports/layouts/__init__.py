"""The layouts clubs keep their results in, each read into the import's one Table (league/imports/table.py).

- pergame.py: one row per game under the headers people use (headers.py), the template's among them;
- wide.py: the 集計表, members as columns and final points;
- chat.py: lines pasted from a chat;
- mapping.py: a layout the secretary described on the import page, and those the club kept;
- dates.py and totals.py: dates written once per day or without the year, and the totals rows at the bottom.
"""
