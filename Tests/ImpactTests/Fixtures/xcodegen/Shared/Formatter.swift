// shared by App and Widget
