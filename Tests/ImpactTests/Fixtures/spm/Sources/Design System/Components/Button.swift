// button
