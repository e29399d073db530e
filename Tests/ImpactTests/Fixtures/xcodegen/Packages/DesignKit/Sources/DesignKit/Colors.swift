// colors
