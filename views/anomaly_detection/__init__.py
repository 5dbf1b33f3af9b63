"""Views of pages/anomaly_detection.py."""
