// widget
