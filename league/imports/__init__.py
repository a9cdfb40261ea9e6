"""Importing results (成績の取り込み): a file or pasted rows, one game per row, previewed then saved at once.

- ``reading`` turns an uploaded .xlsx / CSV file or pasted text into rows of cell texts;
- ``columns`` finds the layout that reads a sheet (``layouts``) and keeps the known columns in a ``table.Table``;
- ``plan`` checks every row against the club's members and rules and computes each game;
- ``commit`` saves a plan without errors in one transaction;
- ``template`` writes the downloadable template.
"""
